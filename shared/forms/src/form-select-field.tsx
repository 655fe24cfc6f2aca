import { useField } from 'formik';
import { MenuItem, TextField } from '@shop/ui-kit/lazy';

/**
 * A select bound to a formik field (a course picker, a payment status): the options in the
 * order given, the field's first error once touched (SPEC §5), else the help text.
 */
export function FormSelectField({
  name,
  label,
  options,
  help,
  disabled,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  help?: string;
  disabled?: boolean;
}) {
  const [field, meta] = useField<string>(name);
  const showError = meta.touched && !!meta.error;
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={`field-${name}`}
      select
      label={label}
      disabled={disabled}
      error={showError}
      helperText={showError ? meta.error : (help ?? ' ')}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
