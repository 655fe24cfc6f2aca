/**
 * Description HTML (SPEC §3 "description"; issue 3: sanitized with sanitize-html on create and
 * update, and the seed's HTML through the same function).
 */
import sanitizeHtml from 'sanitize-html';

/**
 * What a description may hold: paragraphs and line breaks, strong/em, headings h2–h4, lists,
 * blockquote, code/pre, links (http, https, mailto; forced `rel="noopener noreferrer nofollow"`)
 * and images whose `src` is under `/media/` or https. Everything else is dropped (scripts and
 * styles with their content, event attributes, other tags keep only their text).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(\/media\/|https:\/\/)/.test(frame.attribs.src ?? ''),
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    b: 'strong',
    i: 'em',
  },
};

/** Safe description HTML: only the tags and attributes listed above survive. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of some HTML without any tag (for search columns, feed and search excerpts). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
