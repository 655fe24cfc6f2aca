import { formatNumber } from './format-number';

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * 1024;

/**
 * A size in bytes as people read it, in Persian digits: megabytes with one decimal from one megabyte
 * on, else whole kilobytes (at least one).
 *
 * @example formatFileSize(2_516_582) // '۲٫۴ مگابایت'
 * @example formatFileSize(800 * 1024) // '۸۰۰ کیلوبایت'
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= MEGABYTE) return `${formatNumber(Math.round((bytes / MEGABYTE) * 10) / 10)} مگابایت`;
  return `${formatNumber(Math.max(1, Math.round(bytes / KILOBYTE)))} کیلوبایت`;
}
