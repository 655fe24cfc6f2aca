import type { CourseProgress } from '@shop/contracts';
import { toPersianDigits } from '@shop/format';
import { Box, Typography } from '@shop/ui-kit';
import { LinearProgress } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** A buyer's progress through a course: a bar and «۳ از ۸ جلسه» in Persian digits. */
export function CourseProgressBar({ progress }: { progress: CourseProgress }) {
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const text = t.progress(toPersianDigits(progress.done), toPersianDigits(progress.total));
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {text}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={t.courseProgress} aria-valuetext={text} sx={{ height: 8, borderRadius: 4 }} />
    </Box>
  );
}
