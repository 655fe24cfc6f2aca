import { useEffect, useId, useRef } from 'react';
import { useField } from 'formik';
import { EditorContent, useEditor } from '@tiptap/react';
import { RichTextFrame } from './rich-text-frame';
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
    <RichTextFrame
      label={label}
      labelId={labelId}
      helpId={helpId}
      error={showError ? meta.error : undefined}
      help={help}
      disabled={disabled}
      toolbar={<Toolbar editor={editor} controls={contentId} disabled={disabled} toolbarRef={toolbarRef} />}
    >
      <EditorContent editor={editor} />
    </RichTextFrame>
  );
}
