import type { ReactNode } from 'react';
import { Box, Button, Icon, ToggleButton } from '@shop/ui-kit';
import { FormHelperText, FormLabel } from '@shop/ui-kit/lazy';
import { t } from './strings';

/**
 * What the rich-text field looks like, without Tiptap: the editor (`rich-text-editor.tsx`) and the
 * stand-in shown while its chunk loads (`FormRichTextField`) draw the same frame, toolbar words
 * and text styles, so the form below does not move when the editor arrives (a click aimed at the
 * form's buttons then lands where it was aimed).
 */

/** One button of the toolbar as it looks: its word (a key of the editor's strings), whether it is a format toggled at the cursor, how its word looks (bold reads bold…). */
export interface ToolbarFace {
  label: keyof typeof t.editor;
  toggle: boolean;
  look?: object;
}

/** The toolbar in reading order: marks, headings, blocks, direction, then link and image. */
export const TOOLBAR_FACES = [
  { label: 'bold', toggle: true, look: { fontWeight: 800 } },
  { label: 'italic', toggle: true, look: { fontStyle: 'italic' } },
  { label: 'underline', toggle: true, look: { textDecoration: 'underline' } },
  { label: 'strike', toggle: true, look: { textDecoration: 'line-through' } },
  { label: 'code', toggle: true, look: { fontFamily: 'monospace' } },
  { label: 'heading', toggle: true, look: { fontWeight: 700 } },
  { label: 'subheading', toggle: true },
  { label: 'bulletList', toggle: true },
  { label: 'orderedList', toggle: true },
  { label: 'blockquote', toggle: true },
  { label: 'codeBlock', toggle: true, look: { fontFamily: 'monospace' } },
  { label: 'horizontalRule', toggle: false },
  { label: 'ltr', toggle: true },
  { label: 'link', toggle: true },
  { label: 'image', toggle: false },
] as const satisfies readonly ToolbarFace[];

/** The word of a toolbar button, which names what it does (`rich-text-toolbar.tsx`). */
export type ToolbarLabel = (typeof TOOLBAR_FACES)[number]['label'];

/** The toolbar's row (a wrapping MUI `Stack` with `spacing={0.5}` and `useFlexGap`). */
export const TOOLBAR_SX = { flexWrap: 'wrap', p: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' } as const;

/**
 * A button of the toolbar: a pressed-or-not toggle for a format (`pressed` a boolean), a plain
 * button for an action (`pressed` undefined); its visible Persian word (`face`) is its name.
 * Borderless when disabled too (MUI draws a disabled toggle's border), so the toolbar keeps its
 * height while the form is sent and while the editor loads.
 */
export function ToolbarButton({ face, pressed, focusable, disabled, shortcut, onClick, onFocus }: {
  face: ToolbarFace;
  pressed: boolean | undefined;
  focusable: boolean;
  disabled: boolean;
  shortcut?: string;
  onClick?: () => void;
  onFocus?: () => void;
}) {
  const common = {
    disabled,
    onFocus,
    tabIndex: focusable ? 0 : -1,
    'aria-keyshortcuts': shortcut,
    size: 'small',
    sx: { px: 1.25, py: 0.5, border: 0, borderRadius: 1, minWidth: 0, color: 'text.secondary', '&.Mui-disabled': { border: 0 } },
  } as const;
  const word = (
    <>
      {face.label === 'link' && <Icon name="Link" fontSize="small" aria-hidden sx={{ marginInlineEnd: 0.5 }} />}
      <Box component="span" sx={{ fontSize: 14, ...face.look }}>
        {t.editor[face.label]}
      </Box>
    </>
  );
  if (pressed === undefined) {
    return (
      <Button {...common} onClick={onClick}>
        {word}
      </Button>
    );
  }
  return (
    <ToggleButton {...common} value="on" selected={pressed} onChange={onClick}>
      {word}
    </ToggleButton>
  );
}

/** The same typography as the public pages' `RichText`, so what is edited looks like what is shown. */
export const CONTENT_STYLE = {
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
 * The rich field's frame: its label (`labelId`), a bordered box holding `toolbar` over the text
 * (`children`, inside `CONTENT_STYLE`), and under it `error` when given, else `help` (a line is
 * always kept, so an error does not move the form either).
 */
export function RichTextFrame({ label, labelId, helpId, error, help, disabled, toolbar, children }: {
  label: string;
  labelId?: string;
  helpId?: string;
  error?: string;
  help?: string;
  disabled: boolean;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  const showError = !!error;
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
        {toolbar}
        <Box sx={CONTENT_STYLE}>{children}</Box>
      </Box>
      <FormHelperText id={helpId} error={showError}>
        {error ?? help ?? ' '}
      </FormHelperText>
    </Box>
  );
}
