import { useEffect, useId, useRef } from 'react';
import { useField } from 'formik';
import { EditorContent, useEditor } from '@tiptap/react';
import { Box } from '@shop/ui-kit';
import { FormHelperText, FormLabel } from '@shop/ui-kit/lazy';
import { EXTENSIONS, htmlOf } from './rich-text-schema';
import { Toolbar } from './rich-text-toolbar';

/** Props of the rich-text field (`FormRichTextField`) and of this editor, which it loads. */
export interface FormRichTextFieldProps {
  /** The formik field holding the HTML ('' when empty). */
  name: string;
  /** Its Persian label, which also names the text box. */
  label: string;
  /** Shown under the editor while the field has no error to show. */
  help?: string;
  /** Read only, e.g. while the form is being sent. */
  disabled?: boolean;
}

/** The same typography as the public pages' `RichText`, so what is edited looks like what is shown. */
const CONTENT_STYLE = {
  '& .tiptap': {
    minHeight: 260,
    p: 2,
    outline: 'none',
    lineHeight: 2.1,
    fontSize: 17,
    overflowWrap: 'anywhere',
    '& > :first-of-type': { mt: 0 },
    '& h2': { fontSize: 24, fontWeight: 700, lineHeight: 1.6, mt: 3, mb: 1 },
    '& h3': { fontSize: 20, fontWeight: 700, lineHeight: 1.6, mt: 2.5, mb: 1 },
    '& h4': { fontSize: 18, fontWeight: 700, lineHeight: 1.6, mt: 2, mb: 1 },
    '& p': { my: 1 },
    '& ul, & ol': { paddingInlineStart: 4, my: 1 },
    '& li > p': { my: 0.5 },
    '& blockquote': { borderInlineStart: 4, borderColor: 'divider', paddingInlineStart: 2, marginInline: 0, color: 'text.secondary' },
    '& a': { color: 'primary.main' },
    '& img': { maxWidth: '100%', height: 'auto' },
    '& img.ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
    '& code': { fontFamily: 'monospace', fontSize: 15, bgcolor: 'action.hover', borderRadius: 0.5, px: 0.5 },
    '& pre': { p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', lineHeight: 1.7, '& code': { bgcolor: 'transparent', p: 0 } },
    '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 2 },
  },
} as const;

/**
 * The Tiptap editor of {@link FormRichTextField} (its props), loaded with it on demand. The form's
 * value changes only when the text is edited: a stored text loaded and left alone is sent back as
 * it came, even where the editor would write it differently.
 */
export default function RichTextEditor({ name, label, help, disabled = false }: FormRichTextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const contentId = `${id}-content`;
  const toolbarRef = useRef<HTMLDivElement>(null);
  const showError = meta.touched && !!meta.error;
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: field.value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id: contentId,
        dir: 'rtl',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helpId,
      },
      // Alt+F10 goes to the toolbar, as in other editors.
      handleKeyDown: (_view, event) => {
        if (!event.altKey || event.key !== 'F10') return false;
        toolbarRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
        return true;
      },
    },
    // Only an edit changes the value: not the paragraph the editor adds after a last list or quote.
    onUpdate: ({ editor: current, transaction }) => {
      if (transaction.docChanged) void helpers.setValue(htmlOf(current));
    },
    onBlur: () => void helpers.setTouched(true),
  });

  // useEditor destroys an editor that was not mounted within a millisecond of its first render
  // (a slow concurrent render in the browser) and hands the next render a new one; the effects
  // below skip the destroyed instance and run again for the new one.

  // The form's value changed from outside (reset to what the server stored): show it.
  useEffect(() => {
    if (!editor.isDestroyed && field.value !== htmlOf(editor)) editor.commands.setContent(field.value, { emitUpdate: false });
  }, [editor, field.value]);

  useEffect(() => {
    // Without an update event: the value did not change, and re-validating would drop a 422's field errors.
    if (!editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.view.dom.setAttribute('aria-invalid', String(showError));
  }, [editor, showError]);

  return (
    <Box>
      <FormLabel id={labelId} error={showError} sx={{ display: 'block', mb: 1 }}>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: showError ? 'error.main' : 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          '&:focus-within': { borderColor: showError ? 'error.main' : 'primary.main', boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` },
          opacity: disabled ? 0.7 : 1,
        }}
      >
        <Toolbar editor={editor} controls={contentId} disabled={disabled} toolbarRef={toolbarRef} />
        <Box sx={CONTENT_STYLE}>
          <EditorContent editor={editor} />
        </Box>
      </Box>
      <FormHelperText id={helpId} error={showError}>
        {showError ? meta.error : (help ?? ' ')}
      </FormHelperText>
    </Box>
  );
}
