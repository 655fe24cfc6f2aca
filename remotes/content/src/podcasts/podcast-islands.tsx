import { MediaPlayer } from '@shop/content-ui';
import { engagementIslands, type EngagementIslandProps } from '@shop/engagement';
import { useGetPodcastQuery } from './podcasts-api';
import { t } from '../strings';

/** The episode's detail answer from the store (the page's state on a server-rendered page). */
function usePodcast(id: number) {
  return useGetPodcastQuery(id).data?.data;
}

/** An episode's like button and comment thread, islands of its page (issue 9). */
export const { Likes: PodcastLikes, Comments: PodcastComments } = engagementIslands('podcast', usePodcast);

/** An episode's player, an island of its page (issue 9); nothing for an episode without audio. */
export function PodcastPlayer({ id }: EngagementIslandProps) {
  const podcast = usePodcast(id);
  if (!podcast?.file) return null;
  return (
    <MediaPlayer
      src={podcast.file}
      title={podcast.title}
      label={t.player.label}
      seekLabel={t.player.seek}
      positionKey={`podcast-position:${id}`}
      durationHint={podcast.duration_seconds}
    />
  );
}
