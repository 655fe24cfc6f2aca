import type { SessionLock } from '@shop/contracts';
import { RichText } from '@shop/content-ui';
import { Alert, AlertTitle, Icon, Link as TextLink, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { lockDateText, sessionLockStrings } from './session-lock-strings';

/**
 * A bought session its schedule still closes (issue 37 item 5), in place of its lesson or quiz: when
 * it opens («از ۱۲ آذر ۱۴۰۵ باز می‌شود», «۷ روز پس از خرید باز می‌شود: …») and/or what opens it, with a
 * link to the prerequisite session («پس از انجام جلسهٔ «…» باز می‌شود»), then the session's description.
 * @param productId the course, for the prerequisite's link
 * @param description the session's sanitized HTML description
 */
export function SessionLockNote({ productId, lock, description }: { productId: number; lock: SessionLock; description: string }) {
  const date = lockDateText(lock);
  const prerequisite = lock.prerequisite;
  return (
    <>
      <Alert severity="info" icon={<Icon name="Schedule" />} sx={{ mb: 3 }} role="status">
        <AlertTitle>{sessionLockStrings.title}</AlertTitle>
        {date && <Typography>{date}</Typography>}
        {prerequisite && (
          <Typography>
            {prerequisite.kind === 'quiz' ? sessionLockStrings.afterQuiz : sessionLockStrings.afterLesson} «
            <TextLink component={Link} to={`/products/${productId}/${prerequisite.id}`}>
              {prerequisite.title}
            </TextLink>
            » {sessionLockStrings.opens}
          </Typography>
        )}
      </Alert>
      <RichText html={description} />
    </>
  );
}
