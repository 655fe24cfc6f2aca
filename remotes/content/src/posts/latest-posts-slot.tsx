import { CardCell, CardGrid, ContentCard, SectionHeader } from '@shop/content-ui';
import { Box } from '@shop/ui-kit';
import { useGetPostsQuery } from './posts-api';
import { t } from '../strings';

/** The home page's "newest posts" slot (SPEC §2): the six newest posts. */
export default function LatestPostsSlot() {
  const { data, isLoading } = useGetPostsQuery({ filter: 'newest', per_page: 6 });
  return (
    <Box component="section" aria-label={t.newestPosts}>
      <SectionHeader title={t.newestPosts} to="/posts?filter=newest" />
      <CardGrid loading={isLoading}>
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
    </Box>
  );
}
