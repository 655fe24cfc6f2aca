/** Text normalization for storage and search (TOOLCHAIN.md: Arabic ي/ك do not match Persian ی/ک). */
import { normalizeDigits } from '@shop/validation';

/** Persian letters for Arabic ي/ك/ى/ة-less variants and Latin digits; trimmed. */
export function normalizePersianText(text: string): string {
  return normalizeDigits(text).replace(/[يى]/g, 'ی').replace(/ك/g, 'ک').trim();
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
