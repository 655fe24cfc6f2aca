import { lazy, Suspense } from 'react';
import { useField } from 'formik';
import { Stack } from '@shop/ui-kit';
import { RichTextFrame, TOOLBAR_FACES, TOOLBAR_SX, ToolbarButton } from './rich-text-frame';
import type { FormRichTextFieldProps } from './rich-text-editor';

/** Tiptap and the editor are a chunk of their own, loaded only when a rich field is on screen. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * The rich field until its editor has loaded: the same frame, the toolbar's words (disabled) and
 * the field's text as it will show in the editor (HTML the server sanitized when it was saved,
 * DESIGN.md API), so nothing on the form moves when the editor takes its place.
 */
function LoadingEditor({ name, label, help }: FormRichTextFieldProps) {
  const [field] = useField<string>(name);
  return (
    <div aria-busy="true">
      <RichTextFrame
        label={label}
        help={help}
        disabled
        toolbar={
          <Stack direction="row" spacing={0.5} useFlexGap sx={TOOLBAR_SX}>
            {TOOLBAR_FACES.map((face) => (
              <ToolbarButton key={face.label} face={face} pressed={face.toggle ? false : undefined} focusable={false} disabled />
            ))}
          </Stack>
        }
      >
        <div className="tiptap" dir="rtl" dangerouslySetInnerHTML={{ __html: field.value }} />
      </RichTextFrame>
    </div>
  );
}

/**
 * A right-to-left rich-text field bound to a formik field holding HTML: every rich field staff
 * write (posts', podcasts', courses' and sessions' descriptions, the terms, the about-me text;
 * issue 8, issue 32 item 4). A Tiptap editor with a Persian, keyboard-operable toolbar (bold,
 * italic, underline, strike, code, headings, lists, quote, code block, rule, left-to-right text,
 * link, image) that writes only what the server's sanitizer keeps (server/src/lib/html.ts), and
 * loads such a text intact; an untouched text is sent back unchanged. Under it the field's first
 * error once touched (SPEC §5, the shared schemas' Persian messages, a 422's too), else `help`.
 * Tiptap loads on demand (`React.lazy`): until it has arrived, the same field without it
 * (`LoadingEditor`), so public pages that import `@shop/forms` never load it.
 *
 * @example <FormRichTextField name="description" label="توضیحات" disabled={isSubmitting} />
 */
export function FormRichTextField(props: FormRichTextFieldProps) {
  return (
    <Suspense fallback={<LoadingEditor {...props} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
