import { selectUploadProgress, useAppSelector } from '@shop/api-client';
import { toPersianDigits } from '@shop/format';
import { Box, Typography } from '@shop/ui-kit';
import { LinearProgress } from '@shop/ui-kit/lazy';
import { t } from './strings';

/**
 * The shared upload progress (SPEC §3: 0–100 percent, back at 0 once the body is sent) as a bar
 * and a Persian percent; once the body is sent, an indeterminate bar while the server works.
 */
export function UploadProgress() {
  const percent = useAppSelector(selectUploadProgress);
  return (
    <Box role="status" aria-live="polite" sx={{ my: 2 }}>
      <LinearProgress variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {percent > 0 ? t.uploading(toPersianDigits(percent)) : t.processing}
      </Typography>
    </Box>
  );
}
