import { useState, type ReactNode } from 'react';
import { useField } from 'formik';
import { formatNumber } from '@shop/format';
import { Box, Icon, IconButton } from '@shop/ui-kit';
import { InputAdornment, TextField } from '@shop/ui-kit/lazy';

const t = {
  showPassword: 'نمایش رمز عبور',
  hidePassword: 'پنهان کردن رمز عبور',
  /** The counter near a field's limit: «۱۸۵ از ۲۰۰ نویسه». */
  count: (length: number, max: number) => `${formatNumber(length)} از ${formatNumber(max)} نویسه`,
  /** Past the limit, at once (a paste), whatever the field's own rule says. */
  tooLong: (over: number, max: number) => `این متن ${formatNumber(over)} نویسه از حد ${formatNumber(max)} نویسه بیشتر است؛ کوتاه‌ترش کنید.`,
} as const;

/** Share of the limit from which the counter shows. */
const COUNTER_FROM = 0.8;

/**
 * What a field with a length limit says about its length (issue 32 item 9: a pasted text is never
 * cut in silence): past `max`, a Persian error; from {@link COUNTER_FROM} of it, a counter.
 */
function lengthNote(length: number, max: number | undefined): { counter?: string; tooLong?: string } {
  if (max === undefined) return {};
  if (length > max) return { counter: t.count(length, max), tooLong: t.tooLong(length - max, max) };
  return length >= max * COUNTER_FROM ? { counter: t.count(length, max) } : {};
}

/**
 * A TextField bound to a formik field: shows the field's first error once it was touched
 * (SPEC §5: validate on blur and on change), else the help text. Passwords get a reveal
 * button; `ltr` is for emails, phone numbers, passwords, slugs and HTML. `format` rewrites the
 * value as shown and as typed (Persian digits, grouping: {@link FormMobileField}, {@link FormNumberField}).
 * `maxLength` never cuts what is typed or pasted (issue 32 item 9): a counter shows from 80 % of it,
 * and past it a Persian error at once; the field's schema refuses the form until it is shortened.
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
  autoFocus,
  id = `field-${name}`,
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
  autoFocus?: boolean;
  /** The input's id (`field-<name>`); another where one page has several forms with the field. */
  id?: string;
}) {
  const [field, meta, helpers] = useField<string>(name);
  const [reveal, setReveal] = useState(false);
  const value = format ? format(String(field.value ?? '')) : String(field.value ?? '');
  const { counter, tooLong } = lengthNote(value.length, maxLength);
  const showError = (meta.touched && !!meta.error) || tooLong !== undefined;
  const message = tooLong ?? (meta.touched && meta.error ? meta.error : (help ?? ' '));
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
      value={value}
      onChange={format ? (event) => void helpers.setValue(format(event.target.value)) : field.onChange}
      id={id}
      label={label}
      type={password && reveal ? 'text' : type}
      autoComplete={autoComplete}
      multiline={multiline}
      minRows={minRows ?? (multiline ? 2 : undefined)}
      disabled={disabled}
      autoFocus={autoFocus}
      error={showError}
      helperText={
        counter ? (
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>{message}</span>
            <Box component="span" sx={{ flexShrink: 0 }}>
              {counter}
            </Box>
          </Box>
        ) : (
          message
        )
      }
      fullWidth
      slotProps={{
        htmlInput: { dir: ltr ? 'ltr' : undefined, inputMode },
        input: adornment ? { endAdornment: adornment } : undefined,
      }}
    />
  );
}
