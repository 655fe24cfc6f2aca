import { useEffect, useId, useState, type ReactNode } from 'react';
import { useField } from 'formik';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Box, Button, Icon, Stack, ToggleButton } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, FormLabel, TextField } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** The addresses a link may have; the server's sanitizer keeps the same schemes. */
const LINK_ADDRESS = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** The editor's extensions: StarterKit with the headings the public pages style (h2, h3) and safe links. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      isAllowedUri: (url) => LINK_ADDRESS.test(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
    },
  }),
];

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
    '& p': { my: 1 },
    '& ul, & ol': { paddingInlineStart: 4, my: 1 },
    '& blockquote': { borderInlineStart: 4, borderColor: 'divider', paddingInlineStart: 2, marginInline: 0, color: 'text.secondary' },
    '& a': { color: 'primary.main' },
  },
} as const;

/** The formatting the toolbar shows as pressed at the cursor. */
function useActiveFormats(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      heading: current.isActive('heading', { level: 2 }),
      subheading: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
}

type Format = Exclude<keyof ReturnType<typeof useActiveFormats>, 'link' | 'href'>;

/** Each toggle of the toolbar: its command and how its Persian label looks (bold reads bold…). */
const TOGGLES: ReadonlyArray<{ format: Format; run: (editor: Editor) => void; look?: object }> = [
  { format: 'bold', run: (e) => e.chain().focus().toggleBold().run(), look: { fontWeight: 800 } },
  { format: 'italic', run: (e) => e.chain().focus().toggleItalic().run(), look: { fontStyle: 'italic' } },
  { format: 'underline', run: (e) => e.chain().focus().toggleUnderline().run(), look: { textDecoration: 'underline' } },
  { format: 'heading', run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), look: { fontWeight: 700 } },
  { format: 'subheading', run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { format: 'bulletList', run: (e) => e.chain().focus().toggleBulletList().run() },
  { format: 'orderedList', run: (e) => e.chain().focus().toggleOrderedList().run() },
  { format: 'blockquote', run: (e) => e.chain().focus().toggleBlockquote().run() },
];

/** The link dialog: an http(s) or mailto address (LTR) for the selected text; «برداشتن پیوند» when it is a link already. */
function LinkDialog({ editor, href, onClose }: { editor: Editor; href: string; onClose: () => void }) {
  const [address, setAddress] = useState(href);
  const [invalid, setInvalid] = useState(false);
  const titleId = useId();
  const apply = () => {
    const trimmed = address.trim();
    if (!LINK_ADDRESS.test(trimmed)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !href) chain.insertContent({ type: 'text', text: trimmed, marks: [{ type: 'link', attrs: { href: trimmed } }] });
    else chain.setLink({ href: trimmed });
    chain.run();
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React bubbles the portal's submit to the page's form, which would save.
          event.stopPropagation();
          apply();
        }}
      >
        <DialogTitle id={titleId}>{t.editor.linkTitle}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t.editor.linkAddress}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? t.editor.linkInvalid : t.editor.linkHelp}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
          />
        </DialogContent>
        <DialogActions>
          {href && (
            <Button color="error" onClick={remove} sx={{ marginInlineEnd: 'auto' }}>
              {t.editor.removeLink}
            </Button>
          )}
          <Button onClick={onClose}>{t.editor.cancel}</Button>
          <Button type="submit" variant="contained">
            {t.editor.applyLink}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A pressed-or-not button of the toolbar; its visible Persian word is its name. */
function ToolbarToggle({ value, selected, disabled, onClick, children }: { value: string; selected: boolean; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <ToggleButton value={value} selected={selected} disabled={disabled} onChange={onClick} size="small" sx={{ px: 1.25, py: 0.5, border: 0, borderRadius: 1 }}>
      {children}
    </ToggleButton>
  );
}

/** The small formatting toolbar above the text: headings, bold/italic/underline, lists, quote and link. */
function Toolbar({ editor, controls, disabled }: { editor: Editor; controls: string; disabled: boolean }) {
  const active = useActiveFormats(editor);
  const [linking, setLinking] = useState(false);
  return (
    <Stack
      role="toolbar"
      aria-label={t.editor.toolbar}
      aria-controls={controls}
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', p: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      {TOGGLES.map(({ format, run, look }) => (
        <ToolbarToggle key={format} value={format} selected={active[format]} disabled={disabled} onClick={() => run(editor)}>
          <Box component="span" sx={{ fontSize: 14, ...look }}>
            {t.editor[format]}
          </Box>
        </ToolbarToggle>
      ))}
      <ToolbarToggle value="link" selected={active.link} disabled={disabled} onClick={() => setLinking(true)}>
        <Icon name="Link" fontSize="small" aria-hidden sx={{ marginInlineEnd: 0.5 }} />
        <Box component="span" sx={{ fontSize: 14 }}>
          {t.editor.link}
        </Box>
      </ToolbarToggle>
      {linking && <LinkDialog editor={editor} href={active.href} onClose={() => setLinking(false)} />}
    </Stack>
  );
}

/**
 * A right-to-left rich-text field bound to a formik field holding HTML (issue 8: the terms and the
 * about-me text): Tiptap's StarterKit (headings h2–h3, bold, italic, underline, lists, quote, links)
 * with a small toolbar, the field's first error once touched, else `help`. An empty text is ''.
 * The value is what the server stores after sanitizing; when the form is reset to the saved HTML,
 * the editor shows it. Default export: pages load it with `React.lazy`, so Tiptap loads only there.
 *
 * @example <RichTextField name="terms_and_conditions" label="متن قوانین و مقررات" />
 */
export default function RichTextField({ name, label, help, disabled = false }: { name: string; label: string; help?: string; disabled?: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const contentId = `${id}-content`;
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
    },
    onUpdate: ({ editor: current }) => void helpers.setValue(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => void helpers.setTouched(true),
  });

  // useEditor destroys an editor that was not mounted within a millisecond of its first render
  // (a slow concurrent render in the browser) and hands the next render a new one; the effects
  // below skip the destroyed instance and run again for the new one.

  // The form's value changed from outside (reset to what the server stored): show it.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (field.value !== shown) editor.commands.setContent(field.value, { emitUpdate: false });
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
        <Toolbar editor={editor} controls={contentId} disabled={disabled} />
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
