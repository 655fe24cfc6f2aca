import { Button } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** Asks before a comment (and its replies) is deleted for good. */
export function DeleteCommentDialog({
  open,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onCancel} aria-labelledby="delete-comment-title" aria-describedby="delete-comment-text">
      <DialogTitle id="delete-comment-title">{t.comments.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-comment-text">{t.comments.deleteText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending} autoFocus>
          {t.comments.cancel}
        </Button>
        <Button onClick={onConfirm} disabled={pending} color="error" variant="contained">
          {t.comments.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
