/** Text normalization for storage and search (TOOLCHAIN.md: Arabic ي/ك do not match Persian ی/ک). */
import { normalizeDigits } from '@shop/validation';
import { htmlToText } from './html';

/** Persian letters for Arabic ي/ك/ى and Latin digits; trimmed. For stored display text (names). */
export function normalizePersianText(text: string): string {
  return normalizeDigits(text).replace(/[يى]/g, 'ی').replace(/ك/g, 'ک').trim();
}

// Arabic diacritics (fathatan … sukun and the rest of U+064B–U+065F), superscript alef U+0670.
const DIACRITICS = /[\u064B-\u065F\u0670]/g;
const TATWEEL = /\u0640/g;
// ZWNJ and the other zero-width characters Persian keyboards insert (ZWJ, LRM/RLM, BOM).
const ZERO_WIDTH = /[\u200B-\u200F\uFEFF]/g;

/**
 * The one normalization of search (issue 3 "GET /api/search"): applied to the stored search
 * columns and to the query alike. Arabic ي/ى/ك → Persian ی/ک, Persian and Arabic-Indic digits →
 * Latin, ZWNJ removed (so «می‌خواهم» and «میخواهم» match), diacritics and tatweel removed,
 * lowercased, whitespace collapsed.
 * @example normalizeForSearch('كتابِ  ۱۲ مي‌خواهم') === 'کتاب 12 میخواهم'
 */
export function normalizeForSearch(text: string): string {
  return normalizePersianText(
    text.normalize('NFC').replace(DIACRITICS, '').replace(TATWEEL, '').replace(ZERO_WIDTH, ''),
  )
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The search columns of a content row (engagement's tables.ts `searchColumns`) from its title and description HTML. */
export function searchColumnsOf(title: string, descriptionHtml: string): { search_title: string; search_text: string } {
  return { search_title: normalizeForSearch(title), search_text: normalizeForSearch(htmlToText(descriptionHtml)) };
}
