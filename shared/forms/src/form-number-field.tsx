import { formatNumber, toPersianDigits } from '@shop/format';
import { normalizeDigits } from '@shop/validation';
import { FormTextField } from './form-text-field';

/** Thousands separators people type or paste: Persian «٬», Arabic «،», Latin «,», spaces. */
const SEPARATORS = /[\u066c\u060c,\s]/g;

/**
 * A whole number as a number input shows it (issue 22 item 8): Persian digits, grouped with «٬»
 * when `grouped`; text that is no whole number keeps its letters (digits in Persian), for the
 * rules to report it.
 *
 * @example showWholeNumber('490000', true) // '۴۹۰٬۰۰۰'
 */
export function showWholeNumber(text: string, grouped: boolean): string {
  const latin = normalizeDigits(text).replace(SEPARATORS, '');
  if (!/^\d+$/.test(latin)) return toPersianDigits(text);
  return grouped ? formatNumber(BigInt(latin)) : toPersianDigits(latin);
}

/**
 * A whole-number input bound to a formik field (issue 22 item 8): Persian digits as shown and as
 * typed in Latin, Persian or Arabic-Indic digits; `grouped` for money («۴۹۰٬۰۰۰»). The form's value
 * is the text as shown: read it with the shared whole-number rule (`wholeNumberField`), which
 * takes any digits and separators, and send the integer.
 */
export function FormNumberField({
  name,
  label,
  help,
  grouped = false,
  autoComplete,
}: {
  name: string;
  label: string;
  help?: string;
  grouped?: boolean;
  autoComplete?: string;
}) {
  return <FormTextField name={name} label={label} help={help} ltr inputMode="numeric" autoComplete={autoComplete} format={(text) => showWholeNumber(text, grouped)} />;
}
