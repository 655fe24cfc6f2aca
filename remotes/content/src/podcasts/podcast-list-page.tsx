import { CardCell, CardGrid, EmptyState, ListFilterBar, ListPagination, SectionHeader, useListParams } from '@shop/content-ui';
import { Button, Container, Icon, Stack, Typography } from '@shop/ui-kit';
import { PodcastCard } from './podcast-card';
import { useGetPodcastsQuery } from './podcasts-api';
import { t } from '../strings';

/** Podcasts per page: three rows of the three-column grid. */
const PODCASTS_PER_PAGE = 9;

/** The RSS 2.0 + iTunes feed the server publishes (issue 3 API). */
export const PODCAST_FEED_URL = '/feeds/podcasts.xml';

/** `/podcasts` (SPEC §2): cards with length, the list filters, page and filter in the URL, and the feed link. */
export default function PodcastListPage() {
  const { page, filter, setPage, setFilter } = useListParams();
  const { data, isLoading, isFetching } = useGetPodcastsQuery({ page, filter, per_page: PODCASTS_PER_PAGE });
  return (
    <Container sx={{ py: 4 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <SectionHeader title={t.podcasts} level="h1" />
        <Button component="a" href={PODCAST_FEED_URL} type="application/rss+xml" variant="outlined" color="warning" startIcon={<Icon name="RssFeed" />}>
          {t.subscribe}
        </Button>
      </Stack>
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Typography color="text.secondary">{t.podcastsIntro}</Typography>
        <ListFilterBar value={filter} onChange={setFilter} />
      </Stack>
      <CardGrid loading={isLoading} fetching={isFetching}>
        {data?.data.map((podcast) => (
          <CardCell key={podcast.id}>
            <PodcastCard podcast={podcast} />
          </CardCell>
        ))}
      </CardGrid>
      {data && data.data.length === 0 && <EmptyState />}
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Container>
  );
}
