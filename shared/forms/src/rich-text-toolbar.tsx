import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { Box, Button, Stack, useTheme } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@shop/ui-kit/lazy';
import { IMAGE_ADDRESS, LINK_ADDRESS, TEXT_BLOCK_TYPES } from './rich-text-schema';
import { TOOLBAR_FACES, TOOLBAR_SX, ToolbarButton, type ToolbarLabel } from './rich-text-frame';
import { t } from './strings';

/** Which dialog a toolbar button opens. */
type DialogKind = 'link' | 'image';

/** What a button of the toolbar does: for a format, whether it is on at the cursor (a pressed toggle). */
interface ToolbarAction {
  pressed?: (editor: Editor) => boolean;
  run: (editor: Editor, open: (dialog: DialogKind) => void) => void;
  /** Tiptap's own key for it (`aria-keyshortcuts`). */
  shortcut?: string;
}

/** Whether the text blocks at the cursor are written left to right. */
const isLtr = (editor: Editor) => TEXT_BLOCK_TYPES.some((type) => editor.isActive(type, { dir: 'ltr' }));

/** What each button of the toolbar (`TOOLBAR_FACES`, in reading order) does. */
const ACTIONS: Record<ToolbarLabel, ToolbarAction> = {
  bold: { pressed: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run(), shortcut: 'Control+B' },
  italic: { pressed: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run(), shortcut: 'Control+I' },
  underline: { pressed: (e) => e.isActive('underline'), run: (e) => e.chain().focus().toggleUnderline().run(), shortcut: 'Control+U' },
  strike: { pressed: (e) => e.isActive('strike'), run: (e) => e.chain().focus().toggleStrike().run(), shortcut: 'Control+Shift+S' },
  code: { pressed: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run(), shortcut: 'Control+E' },
  heading: { pressed: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), shortcut: 'Control+Alt+2' },
  subheading: { pressed: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), shortcut: 'Control+Alt+3' },
  bulletList: { pressed: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run(), shortcut: 'Control+Shift+8' },
  orderedList: { pressed: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run(), shortcut: 'Control+Shift+7' },
  blockquote: { pressed: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run(), shortcut: 'Control+Shift+B' },
  codeBlock: {
    pressed: (e) => e.isActive('codeBlock'),
    // Code reads left to right in the stored text too, not only in the editor.
    run: (e) => (e.isActive('codeBlock') ? e.chain().focus().toggleCodeBlock().run() : e.chain().focus().toggleCodeBlock().updateAttributes('codeBlock', { dir: 'ltr' }).run()),
    shortcut: 'Control+Alt+C',
  },
  horizontalRule: { run: (e) => e.chain().focus().setHorizontalRule().run() },
  ltr: {
    pressed: isLtr,
    run: (e) => {
      const dir = isLtr(e) ? null : 'ltr';
      TEXT_BLOCK_TYPES.reduce((chain, type) => chain.updateAttributes(type, { dir }), e.chain().focus()).run();
    },
  },
  link: { pressed: (e) => e.isActive('link'), run: (_e, open) => open('link') },
  image: { run: (_e, open) => open('image') },
};

/** What the toolbar shows as pressed at the cursor, and the address of the link there. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      pressed: TOOLBAR_FACES.map((face) => (face.toggle ? (ACTIONS[face.label].pressed?.(current) ?? false) : undefined)),
      href: (current.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
}

/** What an address dialog asks for and does: a link's or an image's address (LTR), checked as the server will. */
interface AddressDialogProps {
  kind: DialogKind;
  /** The address there already (a link being changed), '' for a new one. */
  initial: string;
  onApply: (address: string, alt: string) => void;
  /** Shown when there is something to remove (a link at the cursor). */
  onRemove?: () => void;
  onClose: () => void;
}

const DIALOG_TEXT = {
  link: { title: t.editor.linkTitle, address: t.editor.linkAddress, help: t.editor.linkHelp, invalid: t.editor.linkInvalid, apply: t.editor.applyLink, pattern: LINK_ADDRESS },
  image: { title: t.editor.imageTitle, address: t.editor.imageAddress, help: t.editor.imageHelp, invalid: t.editor.imageInvalid, apply: t.editor.applyImage, pattern: IMAGE_ADDRESS },
} as const;

/** The dialog of a link (http(s), mailto or a path of the site) or of an image (https or /media/, with its alternative text). */
function AddressDialog({ kind, initial, onApply, onRemove, onClose }: AddressDialogProps) {
  const text = DIALOG_TEXT[kind];
  const [address, setAddress] = useState(initial);
  const [alt, setAlt] = useState('');
  const [invalid, setInvalid] = useState(false);
  const titleId = useId();
  const apply = () => {
    const trimmed = address.trim();
    if (!text.pattern.test(trimmed)) return setInvalid(true);
    onApply(trimmed, alt.trim());
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
        <DialogTitle id={titleId}>{text.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={text.address}
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setInvalid(false);
            }}
            error={invalid}
            helperText={invalid ? text.invalid : text.help}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
          />
          {kind === 'image' && (
            <TextField fullWidth margin="dense" label={t.editor.imageAlt} helperText={t.editor.imageAltHelp} value={alt} onChange={(event) => setAlt(event.target.value)} />
          )}
        </DialogContent>
        <DialogActions>
          {onRemove && (
            <Button
              color="error"
              onClick={() => {
                onRemove();
                onClose();
              }}
              sx={{ marginInlineEnd: 'auto' }}
            >
              {t.editor.removeLink}
            </Button>
          )}
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained">
            {text.apply}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The open dialog of the toolbar, doing its change in the editor. */
function EditorDialog({ kind, editor, href, onClose }: { kind: DialogKind; editor: Editor; href: string; onClose: () => void }) {
  if (kind === 'image') {
    return <AddressDialog kind="image" initial="" onClose={onClose} onApply={(src, alt) => editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt: alt || null } }).run()} />;
  }
  const setLink = (address: string) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !href) chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] });
    else chain.setLink({ href: address });
    chain.run();
  };
  const removeLink = href ? () => editor.chain().focus().extendMarkRange('link').unsetLink().run() : undefined;
  return <AddressDialog kind="link" initial={href} onClose={onClose} onApply={setLink} onRemove={removeLink} />;
}

/**
 * The formatting toolbar above the text (WAI-ARIA toolbar): one Tab stop, the arrow keys move
 * between its buttons in reading order (right to left), Home and End go to the first and last,
 * Escape goes back to the text; Alt+F10 in the text comes here (see `RichTextEditor`).
 */
export function Toolbar({ editor, controls, disabled, toolbarRef }: { editor: Editor; controls: string; disabled: boolean; toolbarRef: RefObject<HTMLDivElement | null> }) {
  const { pressed, href } = useToolbarState(editor);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [current, setCurrent] = useState(0);
  const rtl = useTheme().direction === 'rtl';
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
    const index = buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const moves: Record<string, number> = { [rtl ? 'ArrowLeft' : 'ArrowRight']: index + 1, [rtl ? 'ArrowRight' : 'ArrowLeft']: index - 1, Home: 0, End: buttons.length - 1 };
    if (event.key === 'Escape') editor.commands.focus();
    else if (event.key in moves) buttons[(moves[event.key]! + buttons.length) % buttons.length]!.focus();
    else return;
    event.preventDefault();
  };
  return (
    <Stack
      ref={toolbarRef}
      role="toolbar"
      aria-label={t.editor.toolbar}
      aria-controls={controls}
      direction="row"
      spacing={0.5}
      useFlexGap
      onKeyDown={onKeyDown}
      sx={TOOLBAR_SX}
    >
      {TOOLBAR_FACES.map((face, index) => (
        <ToolbarButton
          key={face.label}
          face={face}
          pressed={pressed[index]}
          focusable={index === current}
          disabled={disabled}
          shortcut={ACTIONS[face.label].shortcut}
          onFocus={() => setCurrent(index)}
          onClick={() => ACTIONS[face.label].run(editor, setDialog)}
        />
      ))}
      {dialog && <EditorDialog kind={dialog} editor={editor} href={href} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
