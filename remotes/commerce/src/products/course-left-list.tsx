import type { SessionLeft } from '@shop/contracts';
import { toPersianDigits } from '@shop/format';
import { Box, Link as MuiLink, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { completionStrings as s } from './completion-strings';

/** How many of the sessions left are listed by name; the rest are counted. */
export const LEFT_SHOWN = 5;

/**
 * «باقی‌مانده تا گواهی:» on a bought course's page (issue 37 item 4): the first {@link LEFT_SHOWN}
 * sessions the certificate waits for that the buyer has not done, in the course's order, each a
 * link to its page, a quiz marked «آزمون — هنوز قبول نشده‌اید» and an assignment «تکلیف — هنوز نمرهٔ
 * قبولی نگرفته‌اید», then «و N جلسهٔ دیگر». Nothing when none is left.
 */
export function CourseLeftList({ productId, left }: { productId: number; left: SessionLeft[] }) {
  if (left.length === 0) return null;
  const more = left.length - LEFT_SHOWN;
  return (
    <Box component="section" aria-label={s.title} sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {s.heading}
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, paddingInlineStart: 3 }}>
        {left.slice(0, LEFT_SHOWN).map((session) => (
          <Typography component="li" variant="body2" key={session.session_id} sx={{ py: 0.25 }}>
            <MuiLink component={Link} to={`/products/${productId}/${session.session_id}`} underline="hover">
              {session.title}
            </MuiLink>
            {session.kind !== 'lesson' && (
              <Typography component="span" variant="body2" sx={{ color: 'warning.main', marginInlineStart: 1 }}>
                {session.kind === 'quiz' ? s.quizNotPassed : s.assignmentNotPassed}
              </Typography>
            )}
          </Typography>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {s.more(toPersianDigits(more))}
        </Typography>
      )}
    </Box>
  );
}
