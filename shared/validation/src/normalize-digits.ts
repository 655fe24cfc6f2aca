const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/**
 * Turns Persian (۰–۹) and Arabic-Indic (٠–٩) digits into Latin ones, leaving everything else
 * as it is (SPEC §5: inputs accept Persian, Arabic-Indic and Latin digits).
 *
 * @example normalizeDigits('۰۹۱۲-٣٤٥') // '0912-345'
 */
export function normalizeDigits(text: string): string {
  return text.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
  });
}

/** Writes Latin digits as Persian ones, for numbers inside messages (SPEC §5). Internal. */
export function persianDigits(value: number | string): string {
  return String(value).replace(/[0-9]/g, (digit) => String.fromCharCode(PERSIAN_ZERO + Number(digit)));
}
