import type { ReactNode } from 'react';
import { useField } from 'formik';
import { TextField } from '@shop/ui-kit/lazy';

/**
 * A TextField bound to a formik field: shows the field's first error once touched (SPEC §5:
 * validate on blur and on change), else the help text. `ltr` for slugs and HTML.
 */
export function FormTextField({
  name,
  label,
  help,
  ltr = false,
  multiline = false,
  minRows,
  endAdornment,
}: {
  name: string;
  label: string;
  help?: string;
  ltr?: boolean;
  multiline?: boolean;
  minRows?: number;
  endAdornment?: ReactNode;
}) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={`field-${name}`}
      label={label}
      multiline={multiline}
      minRows={minRows}
      error={showError}
      helperText={showError ? meta.error : (help ?? ' ')}
      fullWidth
      slotProps={{
        htmlInput: { dir: ltr ? 'ltr' : undefined },
        input: endAdornment ? { endAdornment } : undefined,
      }}
    />
  );
}
