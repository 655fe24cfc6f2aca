import type { ProductSessionDetail } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { Alert, Box, Button, Icon, Paper, Typography } from '@shop/ui-kit';
import { t } from '../strings';

/** A file size in bytes as «۲٫۴ مگابایت» / «۸۰۰ کیلوبایت». */
function formatFileSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? t.megabytes(formatNumber(Math.round(megabytes * 10) / 10)) : t.kilobytes(formatNumber(Math.max(1, Math.round(bytes / 1024))));
}

/**
 * A session's lesson file (issue 6): `<audio controls>` or `<video controls>` by its MIME type,
 * else a download link (pdf, zip…). The URL is signed and expires, so a copied link stops working.
 */
export function SessionPlayer({ session }: { session: ProductSessionDetail }) {
  const { file_url: url, file_type: type, file_size: size } = session;
  if (!url) {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t.noFile}
      </Alert>
    );
  }
  const media = type?.startsWith('video/') ? 'video' : type?.startsWith('audio/') ? 'audio' : null;
  return (
    <Paper variant="outlined" component="section" aria-label={`${t.player}: ${session.title}`} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, mb: 3 }}>
      {media === 'video' && <Box component="video" src={url} controls preload="metadata" sx={{ width: '100%', borderRadius: 2, display: 'block', bgcolor: 'common.black' }} />}
      {media === 'audio' && <Box component="audio" src={url} controls preload="metadata" sx={{ width: '100%', display: 'block' }} />}
      {media === null && (
        <Button component="a" href={url} download variant="contained" startIcon={<Icon name="Download" />}>
          {t.download}
        </Button>
      )}
      {size !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t.fileSize(formatFileSize(size))}
        </Typography>
      )}
    </Paper>
  );
}
