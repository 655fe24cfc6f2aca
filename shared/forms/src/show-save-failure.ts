import type { FormikHelpers } from 'formik';
import { toFormikErrors } from './to-formik-errors';
import { t } from './strings';

/** A failed write as a form reads it: the HTTP status (0 = no answer), the server's message and its per-field errors (422). */
export interface SaveFailure {
  status: number;
  message?: string;
  errors?: Record<string, string[]>;
}

/**
 * Shows a failed save in a formik form, keeping what was typed: a 422 with field errors puts
 * the first message of each field under it (marked touched) and a summary above the buttons;
 * any other failure puts the server's Persian message (or a generic one; «no connection» for
 * status 0) in the form's `status.error`, which {@link FormStatusAlert} shows.
 */
export async function showSaveFailure<V>(failure: SaveFailure, { setErrors, setTouched, setStatus }: Pick<FormikHelpers<V>, 'setErrors' | 'setTouched' | 'setStatus'>) {
  if (failure.status === 422 && failure.errors && Object.keys(failure.errors).length > 0) {
    const errors = toFormikErrors(failure.errors);
    await setTouched(Object.fromEntries(Object.keys(errors).map((field) => [field, true])) as Parameters<typeof setTouched>[0], false);
    setErrors(errors as Parameters<typeof setErrors>[0]);
    setStatus({ error: t.fixErrors });
    return;
  }
  setStatus({ error: failure.status === 0 ? t.noConnection : (failure.message ?? t.failed) });
}
