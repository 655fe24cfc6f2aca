import { Extension, Node, mergeAttributes, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** The addresses a link may have, as the server's sanitizer keeps them: http(s), mailto, or a path of this site. */
export const LINK_ADDRESS = /^(https?:\/\/\S+|mailto:\S+|\/(?!\/)\S*)$/i;

/** The addresses an image may have, as the server's sanitizer keeps them: https, or the site's uploads under /media/. */
export const IMAGE_ADDRESS = /^(https:\/\/\S+|\/media\/\S+)$/i;

/** Writing directions a block may carry (`dir`), as the server keeps them. */
const DIRECTIONS = ['rtl', 'ltr', 'auto'];

/** Text alignments a block may carry (`style="text-align: …"`), as the server keeps them. */
const ALIGNMENTS = ['right', 'left', 'center', 'justify', 'start', 'end'];

/** The blocks the server lets carry `dir` and `text-align` (p, h2–h4, ul, ol, li, blockquote, pre). */
const BLOCK_TYPES = ['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'blockquote', 'codeBlock'];

/** The blocks whose direction the toolbar's «چپ‌به‌راست» sets: those that hold the text. */
export const TEXT_BLOCK_TYPES = ['paragraph', 'heading', 'codeBlock'] as const;

/**
 * Keeps a block's `dir` and `text-align` through the editor, so a stored text that has them
 * (the server allows both) loads and saves with them; neither is written when absent.
 */
const BlockAttributes = Extension.create({
  name: 'blockAttributes',
  addGlobalAttributes() {
    return [
      {
        types: BLOCK_TYPES,
        attributes: {
          dir: {
            default: null,
            parseHTML: (element) => {
              const dir = element.getAttribute('dir');
              return dir && DIRECTIONS.includes(dir) ? dir : null;
            },
            renderHTML: (attributes) => (attributes.dir ? { dir: attributes.dir } : {}),
          },
          textAlign: {
            default: null,
            parseHTML: (element) => (ALIGNMENTS.includes(element.style.textAlign) ? element.style.textAlign : null),
            renderHTML: (attributes) => (attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {}),
          },
        },
      },
    ];
  },
});

/** The attributes of an image the server keeps, each read from and written to the tag as is. */
const imageAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) => (attributes[name] == null ? {} : { [name]: attributes[name] }),
});

/**
 * An image in the text (`<img src alt width height>`), inline so it stays where the stored text
 * has it; only addresses the server keeps ({@link IMAGE_ADDRESS}) are read.
 */
const Image = Node.create({
  name: 'image',
  inline: true,
  group: 'inline',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: imageAttribute('src'), alt: imageAttribute('alt'), width: imageAttribute('width'), height: imageAttribute('height') };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (element) => (IMAGE_ADDRESS.test(element.getAttribute('src') ?? '') ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
});

/**
 * The editor's schema: exactly what the server's sanitizer keeps (server/src/lib/html.ts) —
 * paragraphs and line breaks, strong/em/u/s, code, headings h2–h4, lists, blockquote, code blocks,
 * horizontal rules, links (http, https, mailto, site paths), images, and `dir`/`text-align` on blocks.
 */
export const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    codeBlock: { languageClassPrefix: null, defaultLanguage: null },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      isAllowedUri: (url) => LINK_ADDRESS.test(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
  BlockAttributes,
  Image,
];

/**
 * The editor's text as the form holds it: '' when empty, else its HTML without the empty
 * paragraph the editor keeps at the end (so the cursor can leave a last list or quote).
 */
export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');
}
