import { useState, type ReactNode } from 'react';
import { useField } from 'formik';
import { Icon, IconButton } from '@shop/ui-kit';
import { InputAdornment, TextField } from '@shop/ui-kit/lazy';

const t = { showPassword: 'نمایش رمز عبور', hidePassword: 'پنهان کردن رمز عبور' } as const;

/**
 * A TextField bound to a formik field: shows the field's first error once it was touched
 * (SPEC §5: validate on blur and on change), else the help text. Passwords get a reveal
 * button; `ltr` is for emails, phone numbers, passwords, slugs and HTML. `format` rewrites the
 * value as shown and as typed (Persian digits, grouping: {@link FormMobileField}, {@link FormNumberField}).
 */
export function FormTextField({
  name,
  label,
  help,
  type = 'text',
  ltr = false,
  autoComplete,
  inputMode,
  multiline = false,
  minRows,
  maxLength,
  disabled,
  endAdornment,
  format,
}: {
  name: string;
  label: string;
  help?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  ltr?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  multiline?: boolean;
  minRows?: number;
  maxLength?: number;
  disabled?: boolean;
  endAdornment?: ReactNode;
  /** The text as the field shows it, from the stored or typed text; the form's value is what it returns. */
  format?: (text: string) => string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const [reveal, setReveal] = useState(false);
  const showError = meta.touched && !!meta.error;
  const password = type === 'password';
  const adornment = password ? (
    <InputAdornment position="end">
      <IconButton aria-label={reveal ? t.hidePassword : t.showPassword} onClick={() => setReveal((value) => !value)} edge="end">
        <Icon name={reveal ? 'VisibilityOff' : 'Visibility'} />
      </IconButton>
    </InputAdornment>
  ) : (
    endAdornment
  );
  return (
    <TextField
      {...field}
      value={format ? format(String(field.value ?? '')) : (field.value ?? '')}
      onChange={format ? (event) => void helpers.setValue(format(event.target.value)) : field.onChange}
      id={`field-${name}`}
      label={label}
      type={password && reveal ? 'text' : type}
      autoComplete={autoComplete}
      multiline={multiline}
      minRows={minRows ?? (multiline ? 2 : undefined)}
      disabled={disabled}
      error={showError}
      helperText={showError ? meta.error : (help ?? ' ')}
      fullWidth
      slotProps={{
        htmlInput: { dir: ltr ? 'ltr' : undefined, inputMode, maxLength },
        input: adornment ? { endAdornment: adornment } : undefined,
      }}
    />
  );
}
