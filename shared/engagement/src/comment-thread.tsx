import { lazy, Suspense, useState } from 'react';
import type { CommentNode, CommentStatus, ContentType, User } from '@shop/contracts';
import { selectCurrentUser, useAppSelector, useSiteInformation } from '@shop/api-client';
import { Alert, Box, Button, Icon, Link as MuiLink, Skeleton, Stack, Typography, alpha } from '@shop/ui-kit';
import { Avatar, Chip } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { useEngagementCommentsQuery } from './engagement-api';
import { useCommentHighlight } from './use-comment-highlight';
import { t } from './strings';

// formik, yup and the text field load only when a form is on screen (DESIGN.md first paint).
const CommentForm = lazy(() => import('./comment-form'));

/** Props of {@link CommentThread}: the item and its comment status (SPEC §4). */
export interface CommentThreadProps {
  type: ContentType;
  id: number;
  commentStatus: CommentStatus;
  /**
   * For `buyers-only` items (courses and their sessions): whether the caller may comment, that
   * is bought the course (`is_bought` of a course, `can_comment` of a session). Ignored otherwise.
   */
  canComment?: boolean;
}

/** Deeper replies stop indenting, so threads stay readable at phone width. */
const MAX_INDENT_DEPTH = 3;

function countComments(nodes: CommentNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countComments(node.replies), 0);
}

/**
 * Why the person may not write, as a notice; null when they may. A notice with a link (log in,
 * verify the email) is a step they can take, so the empty thread may still invite them to write.
 * Comments switched off for the whole site say so, not that this page is closed (issue 22 item 14).
 * @param siteWide sending comments is off site-wide (`comments_enabled` of the site information)
 * @param closed the server refused a comment because comments are closed
 */
function writeGate(
  status: CommentStatus,
  { siteWide, closed }: { siteWide: boolean; closed: boolean },
  canComment: boolean,
  user: User | null,
): { text: string; link?: { to: string; label: string } } | null {
  if (siteWide) return { text: t.closedSiteWide };
  if (closed || status === 'closed') return { text: t.closed };
  if (!user) return { text: t.loginFirst, link: { to: '/login', label: t.login } };
  if (!user.is_email_verified) return { text: t.verifyFirst, link: { to: '/resend-verification-email', label: t.verify } };
  if (status === 'buyers-only' && !canComment) return { text: t.buyersOnly };
  if (user.write_comment_status === 'temporarily-barred') {
    const until = user.comment_barred_until;
    // A temporary bar ends by itself at its time (SPEC §4), even while this page stays open.
    if (until && Date.parse(until) > Date.now()) return { text: t.barredUntil(formatJalaliDate(until, { withTime: true })) };
    if (!until) return { text: t.barredTemporarily };
  }
  if (user.write_comment_status === 'barred') return { text: t.barred };
  return null;
}

function FormFallback() {
  return <Skeleton variant="rounded" height={120} role="progressbar" aria-label={t.loadingForm} />;
}

function CommentItem({
  comment,
  depth,
  canWrite,
  target,
  replyingTo,
  onReply,
  onClosed,
}: {
  comment: CommentNode;
  depth: number;
  canWrite: boolean;
  target: { type: ContentType; id: number };
  replyingTo: number | null;
  onReply: (id: number | null) => void;
  onClosed: () => void;
}) {
  const { anchored, highlighted } = useCommentHighlight(comment.id);
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component="article"
        id={`comment-${comment.id}`}
        aria-label={comment.user.full_name}
        // The anchored comment takes the focus (useCommentAnchor), so screen readers land on it too.
        tabIndex={anchored ? -1 : undefined}
        data-highlighted={highlighted || undefined}
        sx={{
          py: 2,
          px: 1,
          mx: -1,
          borderRadius: 2,
          scrollMarginTop: 80,
          outline: '2px solid transparent',
          transition: 'background-color 1.5s ease-out, outline-color 1.5s ease-out',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          '&[data-highlighted]': (theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.14), outlineColor: theme.palette.primary.main }),
        }}
      >
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Avatar sx={{ width: 36, height: 36, fontSize: 16 }} aria-hidden>
            {comment.user.full_name.trim().charAt(0)}
          </Avatar>
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {comment.user.full_name}
          </Typography>
          {comment.user.is_staff && <Chip size="small" color="primary" variant="outlined" icon={<Icon name="Verified" />} label={t.staff} />}
          <Typography component="time" dateTime={comment.created_at} variant="body2" color="text.secondary">
            {formatJalaliDate(comment.created_at, { withTime: true })}
          </Typography>
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-wrap', lineHeight: 2, overflowWrap: 'anywhere' }}>{comment.text}</Typography>
        {canWrite && replyingTo !== comment.id && (
          <Button size="small" startIcon={<Icon name="Reply" />} onClick={() => onReply(comment.id)} aria-label={t.replyTo(comment.user.full_name)} sx={{ mt: 0.5 }}>
            {t.reply}
          </Button>
        )}
        {canWrite && replyingTo === comment.id && (
          <Box sx={{ mt: 1 }}>
            <Suspense fallback={<FormFallback />}>
              <CommentForm target={target} parentId={comment.id} replyTo={comment.user.full_name} onCancel={() => onReply(null)} onClosed={onClosed} />
            </Suspense>
          </Box>
        )}
      </Box>
      {comment.replies.length > 0 && (
        <Box
          component="ul"
          // Logical properties, so the indent and the thread line sit on the reading side (right in RTL).
          sx={depth < MAX_INDENT_DEPTH ? { m: 0, p: 0, paddingInlineStart: { xs: 1.5, sm: 3 }, borderInlineStart: '2px solid', borderColor: 'divider' } : { m: 0, p: 0 }}
        >
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} canWrite={canWrite} target={target} replyingTo={replyingTo} onReply={onReply} onClosed={onClosed} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The comments of an item (SPEC §1–§4): approved comments as a tree with author, staff badge
 * and Jalali date, replies nested under their parent, each at `#comment-<id>` (see
 * {@link useCommentAnchor}; the anchored one is highlighted for a moment); a form for a new
 * comment and a reply form under each comment. Closed items, visitors, unverified and barred
 * users, and non-buyers of a `buyers-only` course see a notice instead of the form (SPEC §8);
 * an empty thread invites a first comment only when writing is possible. New comments show
 * only after approval. When sending comments is off site-wide (`comments_enabled` of the site
 * information, issue 8), the forms give way to a notice that says so (issue 22 item 14); when the
 * item's comments are closed, or the server refuses a comment because they are, to SPEC §8's
 * «comments are closed» notice; the thread stays. Any refusal rereads the
 * item and the site information, so a switch turned off while the page was open shows too.
 */
export function CommentThread({ type, id, commentStatus, canComment = false }: CommentThreadProps) {
  const { data, isLoading, isError, refetch } = useEngagementCommentsQuery({ type, id });
  const user = useAppSelector(selectCurrentUser);
  const commentsEnabled = useSiteInformation()?.comments_enabled ?? true;
  const [closedByServer, setClosedByServer] = useState(false);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const gate = writeGate(commentStatus, { siteWide: !commentsEnabled, closed: closedByServer }, canComment, user);
  const onClosed = () => setClosedByServer(true);
  const invitesFirstComment = !gate || gate.link !== undefined;
  const target = { type, id };
  return (
    <Box component="section" aria-labelledby="comments-heading" sx={{ mt: 6 }}>
      <Typography variant="h5" component="h2" id="comments-heading" sx={{ fontWeight: 700, mb: 2 }}>
        {t.comments}
        {data && (
          <Typography component="span" color="text.secondary" sx={{ fontSize: 16, marginInlineStart: 1 }}>
            ({t.commentsCount(formatNumber(countComments(data)))})
          </Typography>
        )}
      </Typography>
      {gate ? (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            gate.link && (
              <Button component={Link} to={gate.link.to} color="inherit" size="small">
                {gate.link.label}
              </Button>
            )
          }
        >
          {gate.text}
        </Alert>
      ) : (
        <Box sx={{ mb: 3 }}>
          <Suspense fallback={<FormFallback />}>
            <CommentForm target={target} parentId={0} onClosed={onClosed} />
          </Suspense>
        </Box>
      )}
      {isLoading && <Skeleton variant="rounded" height={96} />}
      {isError && (
        <Alert
          severity="warning"
          action={
            <MuiLink component="button" onClick={() => refetch()} color="inherit">
              {t.retry}
            </MuiLink>
          }
        >
          {t.commentsLoadFailed}
        </Alert>
      )}
      {data && data.length === 0 && <Typography color="text.secondary">{invitesFirstComment ? t.noComments : t.noCommentsYet}</Typography>}
      {data && data.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}>
          {data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} depth={0} canWrite={!gate} target={target} replyingTo={replyingTo} onReply={setReplyingTo} onClosed={onClosed} />
          ))}
        </Box>
      )}
    </Box>
  );
}
