// Persian display formatting on top of the platform's Intl API (ICU): Node 20 ships full ICU and
// browsers ship the Persian calendar and digits. HTML excerpts decode entities with `entities`.
export { toPersianDigits } from './to-persian-digits';
export { formatNumber } from './format-number';
export { FREE_LABEL, formatToman } from './format-toman';
export { formatJalaliDate, type JalaliDateOptions } from './format-jalali-date';
export { formatMobile } from './format-mobile';
export { formatClock } from './format-clock';
export { formatFileSize } from './format-file-size';
export { plainTextExcerpt } from './plain-text-excerpt';
