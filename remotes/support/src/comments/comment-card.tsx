import { useState } from 'react';
import type { CommentModerationStatus, DashboardComment } from '@shop/contracts';
import { SelectRowCheckbox, type RowSelection } from '@shop/dashboard-ui';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import { Box, Button, Link as MuiLink, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { useApproveCommentMutation, useRejectCommentMutation } from './comments-api';
import { publicCommentUrl } from './comment-sections';
import { CommentReplyForm } from './comment-reply-form';
import { t } from '../strings';

const STATUS_COLOR: Record<CommentModerationStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/**
 * One comment in the moderation list: author (name and LTR email), the item it belongs to
 * (linked to the comment on the public page where the route is known), the text, the Jalali
 * date and time, its status, the approve, reject, reply and delete actions (`onDelete`: the page's
 * undoable delete, issue 26), and its checkbox in the page's `selection`.
 */
export function CommentCard({
  comment,
  selection,
  onDelete,
}: {
  comment: DashboardComment;
  selection: RowSelection<number>;
  onDelete: () => void;
}) {
  const [approve, approving] = useApproveCommentMutation();
  const [reject, rejecting] = useRejectCommentMutation();
  const [replying, setReplying] = useState(false);
  const busy = approving.isLoading || rejecting.isLoading;
  const selected = selection.isSelected(comment.id);
  const url = publicCommentUrl(comment);
  const titleId = `comment-${comment.id}-author`;

  const act = async (action: typeof approve, done: string) => {
    const result = await action(comment);
    if (!('error' in result)) enqueueSnackbar(done, { variant: 'success' });
  };

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 1.5, sm: 2 }, opacity: busy ? 0.6 : 1, ...(selected ? { bgcolor: 'action.selected', borderColor: 'primary.main' } : {}) }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ mt: -0.75, mx: -1 }}>
          <SelectRowCheckbox selection={selection} rowKey={comment.id} title={t.comments.selectLabel(comment.user.full_name, comment.commentable.title)} />
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 10rem' }}>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 700 }}>
            {comment.user.full_name}
            {comment.user.is_staff && <Chip component="span" size="small" variant="outlined" color="primary" label={t.comments.staff} sx={{ mr: 1 }} />}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <bdi dir="ltr">{comment.user.email}</bdi>
          </Typography>
        </Box>
        <Chip size="small" color={STATUS_COLOR[comment.status]} label={t.comments.status[comment.status]} />
      </Stack>

      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.comments.on} {t.comments.typeLabel[comment.commentable.type]}{' '}
        {url ? (
          <MuiLink component={Link} to={url} underline="hover">
            «{comment.commentable.title}»
          </MuiLink>
        ) : (
          <span>«{comment.commentable.title}»</span>
        )}
        {comment.parent_id !== 0 && <> — {t.comments.replyOf(toPersianDigits(comment.parent_id))}</>}
      </Typography>

      <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{comment.text}</Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={comment.created_at}>{formatJalaliDate(comment.created_at, { withTime: true })}</time>
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap role="group" aria-label={t.comments.actions} sx={{ flexWrap: 'wrap' }}>
          {comment.status !== 'approved' && (
            <Button size="small" color="success" disabled={busy} onClick={() => void act(approve, t.comments.approved)}>
              {t.comments.approve}
            </Button>
          )}
          {comment.status !== 'rejected' && (
            <Button size="small" color="warning" disabled={busy} onClick={() => void act(reject, t.comments.rejected)}>
              {t.comments.reject}
            </Button>
          )}
          <Button size="small" disabled={busy || replying} onClick={() => setReplying(true)}>
            {t.comments.reply}
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={onDelete}>
            {t.comments.delete}
          </Button>
        </Stack>
      </Stack>

      {replying && <CommentReplyForm comment={comment} onDone={() => setReplying(false)} />}
    </Paper>
  );
}
