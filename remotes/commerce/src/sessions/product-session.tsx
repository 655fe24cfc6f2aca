import { lazy, Suspense } from 'react';
import type { ProductSessionDetail } from '@shop/contracts';
import { DetailFrame, RichText } from '@shop/content-ui';
import { CommentThread, LikeButton, useCommentAnchor } from '@shop/engagement';
import { formatNumber, formatToman, toPersianDigits } from '@shop/format';
import { Alert, AlertTitle, Button, Icon, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { Link, useNavigate } from '@shop/router';
import { useGetCartQuery } from '../cart/cart-api';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useSellingEnabled } from '../cart/use-selling-enabled';
import { useGetProductQuery } from '../products/products-api';
import { CourseProgressBar } from '../products/course-progress-bar';
import { useGetProductSessionQuery, useSetSessionProgressMutation } from './sessions-api';
import { SessionPlayer } from './session-player';
import { SessionLockNote } from './session-lock-note';
import { quizStrings } from '../learning/quiz-strings';
import { assignmentStrings } from '../learning/assignment-strings';
import { t } from '../strings';

/** A quiz session's area (issue 37): a chunk of its own, loaded by quiz sessions only. */
const QuizPanel = lazy(() => import('../learning/quiz-panel'));
const AssignmentPanel = lazy(() => import('../learning/assignment-panel'));

/** Why a non-buyer cannot open the session, and a button that puts the course in the cart and opens the cart. */
function LockedSession({ session }: { session: ProductSessionDetail }) {
  const navigate = useNavigate();
  const sellingEnabled = useSellingEnabled();
  const { data: cart } = useGetCartQuery();
  const { add, isAdding } = useAddToCart();
  const inCart = cart?.data.items.some((item) => item.product_id === session.product_id) ?? false;
  const buy = async () => {
    if (inCart || (await add(session.product_id))) navigate('/shopping-cart');
  };
  return (
    <Alert
      severity="warning"
      icon={<Icon name="Lock" />}
      sx={{ mb: 3 }}
      action={
        sellingEnabled && (
          <Button color="inherit" variant="outlined" disabled={isAdding} onClick={() => void buy()} sx={{ whiteSpace: 'nowrap' }}>
            {inCart ? t.goToCart : t.buyCourse(formatToman(session.product_price))}
          </Button>
        )
      }
    >
      <AlertTitle>{t.lockedTitle}</AlertTitle>
      {sellingEnabled ? t.lockedText(session.product_title) : t.sellingClosed}
    </Alert>
  );
}

/** A buyer's «seen» switch for the session (a quiz's state instead: done by passing) and their progress through the course («۳ از ۸ جلسه»). */
function SessionProgress({ session }: { session: ProductSessionDetail }) {
  const { data: product } = useGetProductQuery(session.product_id);
  const [setProgress, { isLoading }] = useSetSessionProgressMutation();
  const progress = product?.data.progress;
  const doneSwitch = (
    <Button
      variant={session.is_done ? 'contained' : 'outlined'}
      color="success"
      aria-pressed={session.is_done}
      disabled={isLoading || session.lock !== null}
      startIcon={<Icon name="CheckCircle" />}
      onClick={() => void setProgress({ sessionId: session.id, productId: session.product_id, done: !session.is_done })}
    >
      {session.is_done ? t.markNotDone : t.markDone}
    </Button>
  );
  const quizState = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', color: session.is_done ? 'success.main' : 'text.secondary' }}>
      <Icon name={session.is_done ? 'CheckCircle' : 'Info'} />
      <Typography>{session.is_done ? quizStrings.donePassed : quizStrings.doneByPassing}</Typography>
    </Stack>
  );
  // An assignment is done when staff grade it a pass (issue 37 item 3).
  const assignmentState = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', color: session.is_done ? 'success.main' : 'text.secondary' }}>
      <Icon name={session.is_done ? 'CheckCircle' : 'Info'} />
      <Typography>{session.is_done ? assignmentStrings.donePassed : assignmentStrings.doneByGrading}</Typography>
    </Stack>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 3 }}>
      {session.kind === 'quiz' ? quizState : session.kind === 'assignment' ? assignmentState : doneSwitch}
      {progress && <CourseProgressBar progress={progress} />}
    </Stack>
  );
}

/** Links to the previous and next sessions of the course (RTL: the previous one on the right). */
function SessionNeighbours({ session }: { session: ProductSessionDetail }) {
  const base = `/products/${session.product_id}`;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mt: 4 }}>
      {session.previous_session_id !== null ? (
        <Button component={Link} to={`${base}/${session.previous_session_id}`} startIcon={<Icon name="ChevronRight" />}>
          {t.previousSession}
        </Button>
      ) : (
        <span />
      )}
      <Button component={Link} to={base}>
        {t.courseLink}
      </Button>
      {session.next_session_id !== null ? (
        <Button component={Link} to={`${base}/${session.next_session_id}`} endIcon={<Icon name="ChevronLeft" />}>
          {t.nextSession}
        </Button>
      ) : (
        <span />
      )}
    </Stack>
  );
}

/**
 * `/products/:productId/:productSessionId` (SPEC §2, issue 6; behind the signed-in and
 * email-verified checks): the session's title, number, like button and comments; for a buyer
 * or on a free preview the description and the player or download, and for a buyer the «seen»
 * switch and the course progress (a session its schedule still closes shows when or what opens it,
 * issue 37 item 5); for others why they cannot open it and a buy button. A session
 * of another course than the URL names shows a notice instead. One island, its page's whole area
 * (issue 9): the page is rendered for a signed-in reader only, whose islands hydrate at once.
 * @param productId the course the URL names
 * @param productSessionId the session's id
 */
export function ProductSession({ productId, productSessionId }: { productId: number; productSessionId: number }) {
  useCommentAnchor();
  const { data } = useGetProductSessionQuery(productSessionId);
  const session = data?.data;
  return (
    <DetailFrame listPath={`/products/${productId}`} listLabel={session?.product_title ?? t.products} item={session}>
      {(session) =>
        session.product_id !== productId ? (
          <Alert severity="warning">{t.sessionNotFound}</Alert>
        ) : (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography color="text.secondary">{t.session(toPersianDigits(session.position))}</Typography>
              {session.is_free_preview && <Chip size="small" color="secondary" variant="outlined" label={t.freePreview} />}
            </Stack>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, lineHeight: 1.6, fontSize: { xs: 24, md: 32 } }}>
              {session.title}
            </Typography>
            <Stack spacing={3} useFlexGap direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', mb: 3 }}>
              <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
                <Icon name="ChatBubbleOutline" fontSize="small" /> {formatNumber(session.comments_count)} {t.comments}
              </Stack>
              <LikeButton type="product_session" id={session.id} likesCount={session.likes_count} likedByMe={session.liked_by_me} />
            </Stack>
            {session.is_bought && <SessionProgress session={session} />}
            {session.lock ? (
              // Its schedule still closes it (issue 37 item 5): when or what opens it, not its content.
              <SessionLockNote productId={session.product_id} lock={session.lock} description={session.description} />
            ) : session.can_view ? (
              <>
                {session.kind === 'quiz' ? (
                  <Suspense fallback={<Skeleton variant="rounded" height={200} sx={{ mb: 3 }} />}>
                    <QuizPanel session={session} />
                  </Suspense>
                ) : session.kind === 'assignment' ? (
                  <Suspense fallback={<Skeleton variant="rounded" height={200} sx={{ mb: 3 }} />}>
                    <AssignmentPanel session={session} />
                  </Suspense>
                ) : (
                  <SessionPlayer session={session} />
                )}
                <RichText html={session.description} />
              </>
            ) : (
              <LockedSession session={session} />
            )}
            <SessionNeighbours session={session} />
            <CommentThread type="product_session" id={session.id} commentStatus={session.comment_status} canComment={session.can_comment} />
          </>
        )
      }
    </DetailFrame>
  );
}
