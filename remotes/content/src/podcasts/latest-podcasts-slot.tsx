import { CardCell, CardGrid, SectionHeader } from '@shop/content-ui';
import { Box } from '@shop/ui-kit';
import { PodcastCard } from './podcast-card';
import { useGetPodcastsQuery } from './podcasts-api';
import { t } from '../strings';

/** The home page's "latest podcasts" slot (SPEC §2): the six newest episodes. */
export default function LatestPodcastsSlot() {
  const { data, isLoading } = useGetPodcastsQuery({ filter: 'newest', per_page: 6 });
  return (
    <Box component="section" aria-label={t.latestPodcasts}>
      <SectionHeader title={t.latestPodcasts} to="/podcasts?filter=newest" />
      <CardGrid loading={isLoading}>
        {data?.data.map((podcast) => (
          <CardCell key={podcast.id}>
            <PodcastCard podcast={podcast} />
          </CardCell>
        ))}
      </CardGrid>
    </Box>
  );
}
