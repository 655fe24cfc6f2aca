import { DetailFrame, RichText, useIdParam } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Alert, Box, Icon, Stack, Typography } from '@shop/ui-kit';
import { formatMinutes } from './format-duration';
import { useGetPodcastQuery } from './podcasts-api';
import { contentIslands } from '../islands';
import { t } from '../strings';

const { PodcastLikes, PodcastComments, PodcastPlayer } = contentIslands.marked;

/**
 * `/podcasts/:podcastId` (SPEC §2): the episode with its player (resumes where the listener
 * stopped), Jalali date, length, like button, show notes and comments. Server-rendered, only the
 * player, likes and comments hydrate (issue 9).
 */
export default function PodcastDetailPage() {
  const { data } = useGetPodcastQuery(useIdParam('podcastId'));
  const podcast = data?.data;
  const length = podcast ? formatMinutes(podcast.duration_seconds) : '';
  return (
    <DetailFrame listPath="/podcasts" listLabel={t.podcasts} item={podcast} mediaHeight={120}>
      {(podcast) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} useFlexGap sx={{ mb: 3, alignItems: { sm: 'center' } }}>
            {podcast.image && (
              <Box component="img" src={podcast.image} alt="" sx={{ width: { xs: '100%', sm: 180 }, aspectRatio: '1 / 1', objectFit: 'cover', borderRadius: 3, flexShrink: 0 }} />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, lineHeight: 1.6 }}>
                {podcast.title}
              </Typography>
              <Stack spacing={3} useFlexGap direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary' }}>
                <span>
                  {t.publishedAt} <time dateTime={podcast.created_at}>{formatJalaliDate(podcast.created_at)}</time>
                </span>
                {length && (
                  <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row" aria-label={`${t.duration}: ${length}`}>
                    <Icon name="Schedule" fontSize="small" /> {length}
                  </Stack>
                )}
                <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
                  <Icon name="ChatBubbleOutline" fontSize="small" /> {formatNumber(podcast.comments_count)} {t.comments}
                </Stack>
                <PodcastLikes id={podcast.id} />
              </Stack>
            </Box>
          </Stack>
          {podcast.file ? (
            <PodcastPlayer id={podcast.id} />
          ) : (
            <Alert severity="info" sx={{ mb: 3 }}>
              {t.noAudio}
            </Alert>
          )}
          <RichText html={podcast.description} />
          <PodcastComments id={podcast.id} />
        </>
      )}
    </DetailFrame>
  );
}
