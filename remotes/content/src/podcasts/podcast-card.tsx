import type { Podcast } from '@shop/contracts';
import { ContentCard } from '@shop/content-ui';
import { Icon, Stack, Typography } from '@shop/ui-kit';
import { formatMinutes } from './format-duration';

/** A podcast's card: the shared content card with the episode's length under the title. */
export function PodcastCard({ podcast }: { podcast: Podcast }) {
  const length = formatMinutes(podcast.duration_seconds);
  return (
    <ContentCard
      to={`/podcasts/${podcast.id}`}
      title={podcast.title}
      image={podcast.image}
      createdAt={podcast.created_at}
      likesCount={podcast.likes_count}
      commentsCount={podcast.comments_count}
      extra={
        length && (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <Icon name="Schedule" fontSize="small" />
            <Typography variant="body2">{length}</Typography>
          </Stack>
        )
      }
    />
  );
}
