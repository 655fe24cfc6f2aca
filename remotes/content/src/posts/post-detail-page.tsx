import { DetailFrame, RichText, useIdParam } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Box, Icon, Stack, Typography } from '@shop/ui-kit';
import { useGetPostQuery } from './posts-api';
import { contentIslands } from '../islands';
import { t } from '../strings';

const { PostLikes, PostComments } = contentIslands.marked;

/**
 * `/posts/:postId` (SPEC §2): the post with its image, Jalali date, like button and comments;
 * a `#comment-<id>` link scrolls to that comment. Server-rendered, only the likes and comments
 * hydrate (issue 9).
 */
export default function PostDetailPage() {
  const { data } = useGetPostQuery(useIdParam('postId'));
  const post = data?.data;
  return (
    <DetailFrame listPath="/posts" listLabel={t.posts} item={post}>
      {(post) => (
        <>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, lineHeight: 1.6 }}>
            {post.title}
          </Typography>
          <Stack spacing={3} useFlexGap direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', mb: 3 }}>
            <span>
              {t.publishedAt} <time dateTime={post.created_at}>{formatJalaliDate(post.created_at)}</time>
            </span>
            <PostLikes id={post.id} />
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="ChatBubbleOutline" fontSize="small" /> {formatNumber(post.comments_count)} {t.comments}
            </Stack>
          </Stack>
          {post.image && (
            <Box component="img" src={post.image} alt="" sx={{ width: '100%', borderRadius: 2, mb: 3, aspectRatio: '16 / 9', objectFit: 'cover' }} />
          )}
          <RichText html={post.description} />
          <PostComments id={post.id} />
        </>
      )}
    </DetailFrame>
  );
}
