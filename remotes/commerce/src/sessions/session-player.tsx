import { MediaPlayer } from '@shop/content-ui';
import type { ProductSessionDetail } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { Alert, Button, Icon, Paper, Typography } from '@shop/ui-kit';
import { t } from '../strings';

/** A file size in bytes as «۲٫۴ مگابایت» / «۸۰۰ کیلوبایت». */
function formatFileSize(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1 ? t.megabytes(formatNumber(Math.round(megabytes * 10) / 10)) : t.kilobytes(formatNumber(Math.max(1, Math.round(bytes / 1024))));
}

/**
 * A session's lesson file (issue 6): audio or video in the site's own Persian player (issue 22
 * item 8, as podcasts), by its MIME type, else a download link (pdf, zip…). The URL is signed
 * and expires, so a copied link stops working.
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
  const sizeLine = size !== null && (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {t.fileSize(formatFileSize(size))}
    </Typography>
  );
  if (media !== null) {
    return (
      <MediaPlayer kind={media} src={url} title={session.title} label={t.player} seekLabel={t.playerSeek} positionKey={`session-position:${session.id}`}>
        {sizeLine}
      </MediaPlayer>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-label={`${t.download}: ${session.title}`} sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 3, mb: 3 }}>
      <Button component="a" href={url} download variant="contained" startIcon={<Icon name="Download" />}>
        {t.download}
      </Button>
      {sizeLine}
    </Paper>
  );
}

