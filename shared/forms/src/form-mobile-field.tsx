import { MOBILE_MAX_LENGTH, formatMobileInput, normalizeMobile } from '@shop/validation';
import { FormTextField } from './form-text-field';

/**
 * A mobile number input bound to a formik field (issue 22 item 8): shows the number in Persian
 * digits, a whole Iranian number in its national form («۰۹۱۲ ۱۲۳ ۴۵۶۷»), and takes Latin, Persian
 * or Arabic-Indic digits. The form's value is the text as shown; send `normalizeMobile(value)`
 * (E.164) to the API, or the text itself when it is no mobile, for the server to refuse.
 */
export function FormMobileField({ name, label, help, autoComplete = 'tel' }: { name: string; label: string; help?: string; autoComplete?: string }) {
  return (
    <FormTextField name={name} label={label} help={help} type="tel" ltr inputMode="tel" autoComplete={autoComplete} maxLength={MOBILE_MAX_LENGTH} format={formatMobileInput} />
  );
}

/** A {@link FormMobileField}'s value as the API takes it: E.164 (`+989121234567`), empty as empty, anything else as typed for the server to refuse. */
export function mobileForApi(text: string): string {
  return normalizeMobile(text) ?? text.trim();
}
