import { decodeHTML } from 'entities';

const BLOCK_END = /<\/(?:p|div|h[1-6]|li|blockquote|pre|tr|td|th|section|article)>|<br\s*\/?>/gi;
const TAG = /<[^>]*>/g;

/**
 * The start of an HTML text as plain text, cut at a word boundary, with «…» when cut: the
 * about-me excerpt and the pages' meta descriptions (issue 9). The same in the browser and on the
 * server: tags are dropped and entities decoded (the `entities` library); the result is text, so
 * nothing of the HTML reaches a page as markup. The API's HTML is sanitized, so no attribute holds
 * a bare `>`.
 *
 * @example plainTextExcerpt('<p>سلام <b>دنیا</b></p>', 160) // 'سلام دنیا'
 * @param html sanitized HTML from the API, or plain text
 * @param maxLength most characters kept before «…»
 */
export function plainTextExcerpt(html: string, maxLength: number): string {
  // A space after each block and line break, so «<h2>سلام</h2><p>من…» does not read «سلاممن…».
  const spaced = html.replace(BLOCK_END, '$& ');
  const text = decodeHTML(spaced.replace(TAG, '')).replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s،,.؛:]+$/, '')}…`;
}
