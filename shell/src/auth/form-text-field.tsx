import { useState } from 'react';
import { useField } from 'formik';
import { IconButton, Icon } from '@shop/ui-kit';
import { InputAdornment, TextField } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/**
 * A TextField bound to a formik field: shows the field's first error once it was touched
 * (SPEC §5: validate on blur and on change). `ltr` is for emails, phone numbers and passwords.
 */
export function FormTextField({
  name,
  label,
  type = 'text',
  ltr = false,
  autoComplete,
  multiline = false,
  inputMode,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  ltr?: boolean;
  autoComplete?: string;
  multiline?: boolean;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
}) {
  const [field, meta] = useField<string>(name);
  const [reveal, setReveal] = useState(false);
  const showError = meta.touched && !!meta.error;
  const isPassword = type === 'password';
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={name}
      label={label}
      type={isPassword && reveal ? 'text' : type}
      autoComplete={autoComplete}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      error={showError}
      helperText={showError ? meta.error : ' '}
      fullWidth
      slotProps={{
        htmlInput: { dir: ltr ? 'ltr' : undefined, inputMode, maxLength: 250 },
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={reveal ? t.auth.hidePassword : t.auth.showPassword}
                    onClick={() => setReveal((value) => !value)}
                    edge="end"
                  >
                    <Icon name={reveal ? 'VisibilityOff' : 'Visibility'} />
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
