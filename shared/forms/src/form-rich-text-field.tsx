import { lazy, Suspense } from 'react';
import { Box, Skeleton } from '@shop/ui-kit';
import { FormLabel } from '@shop/ui-kit/lazy';
import type { FormRichTextFieldProps } from './rich-text-editor';
import { t } from './strings';

/** Tiptap and the editor are a chunk of their own, loaded only when a rich field is on screen. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * A right-to-left rich-text field bound to a formik field holding HTML: every rich field staff
 * write (posts', podcasts', courses' and sessions' descriptions, the terms, the about-me text;
 * issue 8, issue 32 item 4). A Tiptap editor with a Persian, keyboard-operable toolbar (bold,
 * italic, underline, strike, code, headings, lists, quote, code block, rule, left-to-right text,
 * link, image) that writes only what the server's sanitizer keeps (server/src/lib/html.ts), and
 * loads such a text intact; an untouched text is sent back unchanged. Under it the field's first
 * error once touched (SPEC §5, the shared schemas' Persian messages, a 422's too), else `help`.
 * Tiptap loads on demand (`React.lazy`): until it has arrived, the label over a skeleton of the
 * editor's height, so public pages that import `@shop/forms` never load it.
 *
 * @example <FormRichTextField name="description" label="توضیحات" disabled={isSubmitting} />
 */
export function FormRichTextField(props: FormRichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <Box aria-busy="true">
          <FormLabel sx={{ display: 'block', mb: 1 }}>{props.label}</FormLabel>
          <Skeleton variant="rounded" height={340} role="progressbar" aria-label={t.editor.loading} />
        </Box>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
