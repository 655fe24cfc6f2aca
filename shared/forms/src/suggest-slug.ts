import { normalizeDigits } from '@shop/validation';

/** Persian (and Arabic) letters written in Latin, as people spell them in URLs. */
const LATIN: Record<string, string> = {
  'ا': 'a', 'آ': 'a', 'أ': 'a', 'إ': 'e', 'ب': 'b', 'پ': 'p', 'ت': 't', 'ث': 's', 'ج': 'j', 'چ': 'ch',
  'ح': 'h', 'خ': 'kh', 'د': 'd', 'ذ': 'z', 'ر': 'r', 'ز': 'z', 'ژ': 'zh', 'س': 's', 'ش': 'sh', 'ص': 's',
  'ض': 'z', 'ط': 't', 'ظ': 'z', 'ع': 'a', 'غ': 'gh', 'ف': 'f', 'ق': 'gh', 'ک': 'k', 'ك': 'k', 'گ': 'g',
  'ل': 'l', 'م': 'm', 'ن': 'n', 'و': 'v', 'ؤ': 'v', 'ه': 'h', 'ة': 'h', 'ی': 'y', 'ي': 'y', 'ئ': 'y', 'ء': '',
};

/** Longest suggested slug; the schema allows more, but short URLs read better. */
const MAX_SLUG = 80;

/**
 * Suggests a slug (SPEC §5 "slug": lowercase Latin letters and digits, single hyphens) from a
 * title, transliterating Persian letters: «آموزش ری‌اکت ۲» → `amvzsh-ry-akt-2`. Only a
 * suggestion: the editor can change it.
 */
export function suggestSlug(title: string): string {
  const latin = Array.from(normalizeDigits(title).toLowerCase(), (char) => LATIN[char] ?? char).join('');
  return latin
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}
