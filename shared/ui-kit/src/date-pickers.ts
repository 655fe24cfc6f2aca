/**
 * The ui kit's date-pickers entry (MUI X Date Pickers with the Jalali calendar of
 * date-fns-jalali; SPEC §9: dates in the Persian calendar with optional time). Only the
 * dashboard's comment-restriction dialog, announcement form and audit log filters import it,
 * through dynamic imports, so no other page pays for the picker and the calendar maths. Forms use
 * {@link DateTimeInput} (2.6.0), which picks in Tehran time; day filters {@link JalaliDateInput} (2.7.0).
 *
 * The parts, for another picker: wrap a picker in `<LocalizationProvider dateAdapter={AdapterDateFnsJalaliPersianDigits}
 * localeText={faIR.components.MuiLocalizationProvider.defaultProps.localeText}>`: the adapter
 * writes Persian month names and digits, `faIR` names the picker's buttons and views in Persian,
 * and the RTL theme of `AppThemeProvider` lays it out right to left.
 *
 * Same growth rule as the main entry: only add exports (and bump `UI_KIT_VERSION`).
 */
import { createElement } from 'react';
import { TZDate } from '@date-fns/tz';
import { format as formatJalali, isValid, parse as parseJalali } from 'date-fns-jalali';
import { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker, type DateTimePickerProps } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { faIR } from '@mui/x-date-pickers/locales';

export { LocalizationProvider, DateTimePicker, faIR };
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

/** The time zone every date the site shows or picks is in (issue 22 item 7; SPEC §9: the audience is in Iran). */
export const SITE_TIME_ZONE = 'Asia/Tehran';

/**
 * {@link AdapterDateFnsJalaliPersianDigits} able to pick in a named time zone (issue 22 item 7):
 * dates are `TZDate`s of `@date-fns/tz`, whose calendar fields are those of their zone, so the
 * Jalali maths of date-fns-jalali (which reads and sets those fields) work in that zone whatever
 * the browser's own zone is. `'default'` and `'system'` are the browser's zone (plain `Date`s).
 */
export class AdapterDateFnsJalaliTimeZones extends AdapterDateFnsJalaliPersianDigits {
  override isTimezoneCompatible = true;

  constructor(...options: ConstructorParameters<typeof AdapterDateFnsJalali>) {
    super(...options);
    const inZone = (instant: number, timezone: string): Date =>
      timezone === 'default' || timezone === 'system' ? new Date(instant) : new TZDate(instant, timezone);
    this.date = ((value?: string | null, timezone = 'default') => {
      if (value === null) return null;
      return inZone(value === undefined ? Date.now() : new Date(value).getTime(), timezone);
    }) as typeof this.date;
    // The base class types these for its zone-less dates; MUI calls them with a value and a zone.
    this.getTimezone = ((value: Date | null) => (value instanceof TZDate && value.timeZone ? value.timeZone : 'default')) as unknown as typeof this.getTimezone;
    this.setTimezone = ((value: Date, timezone: string) => inZone(value.getTime(), timezone)) as unknown as typeof this.setTimezone;
    this.toJsDate = (value) => new Date(value.getTime());
  }
}

/** The pickers' Persian texts: `faIR`'s buttons and views, and field placeholders in words (issue 22 item 8: no «YYYY/MM/DD hh:mm»). */
export const PICKER_LOCALE_TEXT = {
  ...faIR.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldYearPlaceholder: () => 'سال',
  fieldMonthPlaceholder: () => 'ماه',
  fieldDayPlaceholder: () => 'روز',
  fieldHoursPlaceholder: () => 'ساعت',
  fieldMinutesPlaceholder: () => 'دقیقه',
  fieldSecondsPlaceholder: () => 'ثانیه',
};

/**
 * The site's date-time input (issue 22 items 7 and 8): the Jalali `DateTimePicker`, 24-hour, that
 * shows and picks times in Tehran time ({@link SITE_TIME_ZONE}) whatever the computer's own zone,
 * like every list of the site, with Persian digits and placeholders. It takes and gives plain
 * `Date`s (an instant; invalid while half typed, null when empty), so `toISOString()` is UTC.
 * Brings its own `LocalizationProvider`. Other props go to the `DateTimePicker`.
 */
export function DateTimeInput({
  value,
  onChange,
  ...props
}: Omit<DateTimePickerProps, 'value' | 'onChange' | 'timezone' | 'ampm'> & {
  value: Date | null;
  onChange: (value: Date | null) => void;
}) {
  return createElement(
    LocalizationProvider,
    { dateAdapter: AdapterDateFnsJalaliTimeZones, localeText: PICKER_LOCALE_TEXT },
    createElement(DateTimePicker, {
      ...props,
      value,
      timezone: SITE_TIME_ZONE,
      ampm: false,
      onChange: (next: Date | null) => onChange(next === null ? null : new Date(next.getTime())),
    }),
  );
}

/** The Jalali day written as a key: `1405-09-05` (Latin digits). */
const DAY_KEY = 'yyyy-MM-dd';

/** Noon in Tehran of the Jalali day `key` (`1405-09-05`), or null when it is not one. */
function noonOfJalaliDay(key: string): Date | null {
  const local = parseJalali(key, DAY_KEY, new Date());
  if (!isValid(local)) return null;
  return new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 12, SITE_TIME_ZONE);
}

/**
 * A Jalali day picker (issue 26: the audit log's date range): the Jalali `DatePicker`, with
 * Persian digits and placeholders, whose value is a day of Tehran's calendar written as
 * `1405-09-05` (Latin digits), as list filters send it, or null when empty. A half-typed date
 * changes nothing. Brings its own `LocalizationProvider`. Other props go to the `DatePicker`.
 *
 * @example
 * <JalaliDateInput label="از تاریخ" value={params.get('from')} onChange={(from) => update({ from })} />
 */
export function JalaliDateInput({
  value,
  onChange,
  ...props
}: Omit<DatePickerProps, 'value' | 'onChange' | 'timezone'> & {
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return createElement(
    LocalizationProvider,
    { dateAdapter: AdapterDateFnsJalaliTimeZones, localeText: PICKER_LOCALE_TEXT },
    createElement(DatePicker, {
      ...props,
      value: value ? noonOfJalaliDay(value) : null,
      timezone: SITE_TIME_ZONE,
      onChange: (next: Date | null) => {
        if (next === null) onChange(null);
        else if (isValid(next)) onChange(formatJalali(new TZDate(next.getTime(), SITE_TIME_ZONE), DAY_KEY));
      },
    }),
  );
}
