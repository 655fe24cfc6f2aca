import { CardCell, CardGrid, ContentCard, ListPagination } from '@shop/content-ui';
import { Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link, useLocation, useNavigate } from '@shop/router';
import { useGetFavoritesQuery } from './favorites-api';
import { t } from '../strings';

const KINDS = {
  posts: { type: 'post', base: '/posts', empty: t.noFavoritePosts, browse: t.browsePosts, icon: 'Article' },
  podcasts: { type: 'podcast', base: '/podcasts', empty: t.noFavoritePodcasts, browse: t.browsePodcasts, icon: 'Podcasts' },
} as const;

/**
 * The page of the favourites list, kept in the URL's query beside the tab's hash
 * (`/profile?page=2#favorites-posts`); switching tabs drops it.
 */
function useFavoritesPage(): [number, (page: number) => void] {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const raw = Number(new URLSearchParams(search).get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  return [page, (next) => navigate({ search: next > 1 ? `?page=${next}` : '', hash })];
}

/**
 * The profile's `#favorites-posts` and `#favorites-podcasts` tabs (SPEC §2): the posts or
 * podcasts the user liked, newest like first, as cards with pagination, or an empty state.
 */
export function FavoritesTab({ kind }: { kind: 'posts' | 'podcasts' }) {
  const { type, base, empty, browse, icon } = KINDS[kind];
  const [page, setPage] = useFavoritesPage();
  const { data, isLoading, isFetching } = useGetFavoritesQuery({ type, page });

  if (data && data.data.length === 0 && data.meta.total === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon name="FavoriteBorder" sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography sx={{ maxWidth: 480 }}>{empty}</Typography>
          <Button component={Link} to={base} variant="outlined" startIcon={<Icon name={icon} />}>
            {browse}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <>
      <CardGrid loading={isLoading || !data} fetching={isFetching} placeholders={3}>
        {data?.data.map((item) => (
          <CardCell key={item.id}>
            <ContentCard
              to={`${base}/${item.id}`}
              title={item.title}
              image={item.image}
              createdAt={item.created_at}
              likesCount={item.likes_count}
              commentsCount={item.comments_count}
            />
          </CardCell>
        ))}
      </CardGrid>
      <ListPagination meta={data?.meta} onChange={setPage} />
    </>
  );
}
