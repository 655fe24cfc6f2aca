import { useId } from 'react';
import { Button } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@shop/ui-kit/lazy';
import { t } from './strings';

/**
 * Asks before something that cannot be undone (a delete): a title, the consequence, «انصراف»
 * (focused) and a red confirm button. While `pending`, both buttons are disabled and the dialog
 * does not close.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          {t.cancel}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={pending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
