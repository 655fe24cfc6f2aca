import { Box } from '@shop/ui-kit';

/**
 * Renders a description that the server sanitized when it was saved (DESIGN.md API: only
 * sanitized HTML is ever stored), with readable typography for long Persian text.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Box
      sx={{
        lineHeight: 2.1,
        fontSize: 17,
        '& img': { maxWidth: '100%', height: 'auto' },
        '& a': { color: 'primary.main' },
        // The rich-text editor (issue 8) wraps each list item in a paragraph.
        '& li > p': { my: 0.5 },
        '& blockquote': { borderInlineStart: 4, borderColor: 'divider', m: 0, my: 2, px: 2, color: 'text.secondary' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
