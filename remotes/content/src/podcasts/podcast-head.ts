import type { PageHead } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { useGetPodcastQuery } from './podcasts-api';
import { t } from '../strings';

/** `/podcasts`'s head (issue 9): the list's title and intro. */
export function usePodcastListHead(): PageHead {
  return { title: t.podcasts, description: t.podcastsIntro };
}

/**
 * `/podcasts/:podcastId`'s head (issue 9): the episode's title, show notes, cover, audio file and
 * length, as a `PodcastEpisode`; from the page's own query (same argument), so it adds no request.
 * @returns the head, or null while the episode loads or when it cannot be read
 */
export function usePodcastHead(): PageHead | null {
  const podcast = useGetPodcastQuery(useIdParam('podcastId')).data?.data;
  if (!podcast) return null;
  return {
    title: podcast.title,
    description: podcast.description,
    image: podcast.image,
    item: {
      type: 'podcast-episode',
      publishedAt: podcast.created_at,
      modifiedAt: podcast.updated_at,
      audio: podcast.file,
      durationSeconds: podcast.duration_seconds,
    },
  };
}
