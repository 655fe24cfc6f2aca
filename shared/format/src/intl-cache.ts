// Building an Intl formatter costs far more than using one, and lists format hundreds of
// values: keep one per set of options, created on first use (nothing runs at import).
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Persian locale with Persian digits and the Persian (Jalali) calendar. */
export const PERSIAN_LOCALE = 'fa-IR-u-ca-persian-nu-arabext';

/** A cached `Intl.NumberFormat` for {@link PERSIAN_LOCALE}. Internal. */
export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(PERSIAN_LOCALE, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A cached `Intl.DateTimeFormat` for {@link PERSIAN_LOCALE}. Internal. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(PERSIAN_LOCALE, options);
    dateFormats.set(key, format);
  }
  return format;
}
