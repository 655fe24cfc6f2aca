import { Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';

/**
 * The profile's `#favorites-posts` and `#favorites-podcasts` tabs (SPEC §2). Likes arrive in
 * a later issue, so the tab says what it will list instead of showing invented items.
 */
export function FavoritesTab({ kind }: { kind: 'posts' | 'podcasts' }) {
  const posts = kind === 'posts';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Icon name="FavoriteBorder" sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography sx={{ maxWidth: 480 }}>{posts ? t.favoritesPostsNote : t.favoritesPodcastsNote}</Typography>
        <Button component={Link} to={posts ? '/posts' : '/podcasts'} variant="outlined">
          {posts ? t.browsePosts : t.browsePodcasts}
        </Button>
      </Stack>
    </Paper>
  );
}
