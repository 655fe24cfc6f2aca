/**
 * The ui kit's date-pickers entry (MUI X Date Pickers with the Jalali calendar of
 * date-fns-jalali; SPEC §9: dates in the Persian calendar with optional time). Only the
 * dashboard's comment-restriction dialog and announcement form import it, through dynamic
 * imports, so no other page pays for the picker and the calendar maths.
 *
 * Wrap a picker in `<LocalizationProvider dateAdapter={AdapterDateFnsJalaliPersianDigits}
 * localeText={faIR.components.MuiLocalizationProvider.defaultProps.localeText}>`: the adapter
 * writes Persian month names and digits, `faIR` names the picker's buttons and views in Persian,
 * and the RTL theme of `AppThemeProvider` lays it out right to left.
 *
 * Same growth rule as the main entry: only add exports (and bump `UI_KIT_VERSION`).
 */
import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';

export { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
export { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
export { faIR } from '@mui/x-date-pickers/locales';
export { AdapterDateFnsJalali };

/** Persian (U+06F0…) and Arabic-Indic (U+0660…) digits. */
const EASTERN_DIGITS = /[\u06f0-\u06f9\u0660-\u0669]/g;

/** A string with its Persian and Arabic-Indic digits written as Latin ones. */
function toLatinDigits(text: string): string {
  return text.replace(EASTERN_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/**
 * The Jalali adapter with Persian digits everywhere it writes a date (DESIGN.md "Persian and
 * right-to-left": digits shown in Persian). date-fns-jalali writes Latin digits, so the stock
 * adapter shows «1404» in the field and the calendar but «۱۰» in the time lists; this one
 * writes every formatted date through the adapter's own `formatNumber`, which the picker's
 * field then treats as its localized digits, and reads Persian, Arabic-Indic or Latin digits back.
 */
export class AdapterDateFnsJalaliPersianDigits extends AdapterDateFnsJalali {
  constructor(...options: ConstructorParameters<typeof AdapterDateFnsJalali>) {
    super(...options);
    // The base class defines its methods as instance fields, so they are wrapped here.
    const formatLatin = this.formatByString;
    const parseLatin = this.parse;
    this.formatByString = (value, format) => this.formatNumber(formatLatin(value, format));
    this.parse = (value, format) => parseLatin(toLatinDigits(value), format);
    // The field detects a padded year by a formatted year 1 starting with a Latin «0»; with
    // Persian digits it cannot, so the year tokens state their length, as `y` and `yyy` do.
    this.formatTokenMap = {
      ...this.formatTokenMap,
      yy: { sectionType: 'year', contentType: 'digit', maxLength: 2 },
      yyyy: { sectionType: 'year', contentType: 'digit', maxLength: 4 },
    };
  }
}
