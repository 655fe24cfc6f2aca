import { engagementIslands, type EngagementIslandProps } from '@shop/engagement';
import { AudioPlayer } from './audio-player';
import { useGetPodcastQuery } from './podcasts-api';

/** The episode's detail answer from the store (the page's state on a server-rendered page). */
function usePodcast(id: number) {
  return useGetPodcastQuery(id).data?.data;
}

/** An episode's like button and comment thread, islands of its page (issue 9). */
export const { Likes: PodcastLikes, Comments: PodcastComments } = engagementIslands('podcast', usePodcast);

/** An episode's player, an island of its page (issue 9); nothing for an episode without audio. */
export function PodcastPlayer({ id }: EngagementIslandProps) {
  const podcast = usePodcast(id);
  return podcast?.file ? <AudioPlayer podcastId={id} src={podcast.file} title={podcast.title} durationHint={podcast.duration_seconds} /> : null;
}
