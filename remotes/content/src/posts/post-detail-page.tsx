import { RichText } from '@shop/content-ui';
import { CommentThread, LikeButton, useCommentAnchor } from '@shop/engagement';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Box, Container, Icon, Link as MuiLink, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';
import { Link, useParams } from '@shop/router';
import { useGetPostQuery } from './posts-api';
import { t } from '../strings';

/**
 * `/posts/:postId` (SPEC §2): the post with its image, Jalali date, like button and comments;
 * a `#comment-<id>` link scrolls to that comment.
 */
export default function PostDetailPage() {
  const postId = Number(useParams().postId);
  useCommentAnchor();
  // A non-numeric id is asked as is: the server answers 404 and the shell shows its 404 page.
  const { data, isLoading } = useGetPostQuery(Number.isInteger(postId) ? postId : -1);
  const post = data?.data;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/posts" underline="hover" color="inherit">
          {t.posts}
        </MuiLink>
        {post && <Typography color="text.primary">{post.title}</Typography>}
      </Breadcrumbs>
      {isLoading || !post ? (
        <>
          <Skeleton variant="text" height={56} />
          <Skeleton variant="rounded" height={320} sx={{ my: 2 }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </>
      ) : (
        <Box component="article">
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, lineHeight: 1.6 }}>
            {post.title}
          </Typography>
          <Stack spacing={3} useFlexGap direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', mb: 3 }}>
            <span>
              {t.publishedAt} <time dateTime={post.created_at}>{formatJalaliDate(post.created_at)}</time>
            </span>
            <LikeButton type="post" id={post.id} likesCount={post.likes_count} likedByMe={post.liked_by_me ?? false} />
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="ChatBubbleOutline" fontSize="small" /> {formatNumber(post.comments_count)} {t.comments}
            </Stack>
          </Stack>
          {post.image && (
            <Box component="img" src={post.image} alt="" sx={{ width: '100%', borderRadius: 2, mb: 3, aspectRatio: '16 / 9', objectFit: 'cover' }} />
          )}
          <RichText html={post.description} />
          <CommentThread type="post" id={post.id} commentStatus={post.comment_status} />
        </Box>
      )}
    </Container>
  );
}
