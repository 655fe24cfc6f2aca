import { useFormikContext } from 'formik';
import { Alert } from '@shop/ui-kit';

/** The form-wide error that {@link showSaveFailure} left in formik's `status.error`, as an alert; nothing when there is none. */
export function FormStatusAlert() {
  const { status } = useFormikContext();
  const error = (status as { error?: string } | undefined)?.error;
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ my: 2 }}>
      {error}
    </Alert>
  );
}
