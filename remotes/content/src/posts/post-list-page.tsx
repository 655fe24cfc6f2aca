import { CardCell, CardGrid, ContentCard, EmptyState, ListFilterBar, ListPagination, SectionHeader, useListParams } from '@shop/content-ui';
import { Container, Stack, Typography } from '@shop/ui-kit';
import { useGetPostsQuery } from './posts-api';
import { t } from '../strings';

/** Posts per page: three rows of the three-column grid. */
const POSTS_PER_PAGE = 9;

/** `/posts` (SPEC §2): cards with the all / most-liked / newest / oldest filters; page and filter in the URL. */
export default function PostListPage() {
  const { page, filter, setPage, setFilter } = useListParams();
  const { data, isLoading, isFetching } = useGetPostsQuery({ page, filter, per_page: POSTS_PER_PAGE });
  return (
    <Container sx={{ py: 4 }}>
      <SectionHeader title={t.posts} level="h1" />
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: {sm: 'center' }, mb: 3 }}>
        <Typography color="text.secondary">{t.postsIntro}</Typography>
        <ListFilterBar value={filter} onChange={setFilter} />
      </Stack>
      <CardGrid loading={isLoading} fetching={isFetching}>
        {data?.data.map((post) => (
          <CardCell key={post.id}>
            <ContentCard
              to={`/posts/${post.id}`}
              title={post.title}
              image={post.image}
              createdAt={post.created_at}
              likesCount={post.likes_count}
              commentsCount={post.comments_count}
            />
          </CardCell>
        ))}
      </CardGrid>
      {data && data.data.length === 0 && <EmptyState />}
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Container>
  );
}
