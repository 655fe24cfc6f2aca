/**
 * Rich text (HTML) of descriptions (SPEC §3 "description"; issue 3) and of the terms and about-me
 * editors (issue 8): one sanitize-html policy for everything stored, applied on create and update
 * and to the seed's HTML, plus the check that refuses scripts, event handlers and `javascript:`
 * links outright (issue 8 "Bad input").
 */
import sanitizeHtml from 'sanitize-html';

/** Block elements that may carry a writing direction (`dir`) and a text alignment. */
const BLOCKS = ['p', 'h2', 'h3', 'h4', 'ul', 'li', 'blockquote', 'pre'] as const;
const BLOCK_ATTRIBUTES: sanitizeHtml.AllowedAttribute[] = [{ name: 'dir', multiple: false, values: ['rtl', 'ltr', 'auto'] }, 'style'];

/**
 * What rich text may hold: what the Tiptap StarterKit editor writes — paragraphs and line breaks,
 * strong/em/u/s, headings h2–h4, lists, blockquote, code/pre, horizontal rules, links (http,
 * https, mailto; forced `rel="noopener noreferrer nofollow"`) — with `dir` and a `text-align`
 * style on blocks, and images whose `src` is under `/media/` or https. Everything else is dropped
 * (scripts and styles with their content, event attributes, other tags keep only their text).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr', 'img'],
  allowedAttributes: {
    ...Object.fromEntries(BLOCKS.map((tag) => [tag, BLOCK_ATTRIBUTES])),
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    ol: [...BLOCK_ATTRIBUTES, 'start'],
  },
  allowedStyles: { '*': { 'text-align': [/^(right|left|center|justify|start|end)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(\/media\/|https:\/\/)/.test(frame.attribs.src ?? ''),
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
  },
};

/** Safe rich-text HTML: only the tags and attributes listed above survive. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A URL scheme that runs code when followed (after the browser drops spaces and control characters). */
const SCRIPT_URL = /^(javascript:|vbscript:|data:text\/html)/i;

/**
 * True when `html` holds markup meant to run: a `<script>` element, an event-handler attribute
 * (`onerror=`, `onclick=` …) or a `javascript:` / `vbscript:` URL in any attribute. Reads the HTML
 * with the sanitizer's own parser (entities decoded), so text that merely mentions these is fine.
 */
export function hasScriptMarkup(html: string): boolean {
  let found = false;
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: (name, attribs) => {
      if (name === 'script') found = true;
      for (const [attribute, value] of Object.entries(attribs)) {
        if (/^on/i.test(attribute) || SCRIPT_URL.test(value.replace(/[\s\u0000-\u001f]/g, ''))) found = true;
      }
    },
  });
  return found;
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
