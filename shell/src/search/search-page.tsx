import { SEARCH_MAX_TOTAL, type SearchResult } from '@shop/contracts';
import { EmptyState, ListPagination, RefetchBar } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { skipToken } from '@shop/api-client';
import { Alert, Box, Container, Link as MuiLink, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { Link, useSearchParams } from '@shop/router';
import { isSearchable, searchResultPath, useSearchQuery } from './search-api';
import { t } from '../strings';
import { DeclarePageHead } from '../head/page-head';

const CHIP_COLOR = { post: 'primary', podcast: 'secondary', product: 'success' } as const;

/** One hit: type chip, title linking to the item, excerpt and Jalali date. */
function SearchHit({ result }: { result: SearchResult }) {
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      {result.image && (
        <Box
          component="img"
          src={result.image}
          alt=""
          loading="lazy"
          sx={{ width: { xs: 72, sm: 120 }, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Chip size="small" variant="outlined" color={CHIP_COLOR[result.type]} label={t.search.types[result.type]} />
          <Typography variant="body2" color="text.secondary">
            <time dateTime={result.created_at}>{formatJalaliDate(result.created_at)}</time>
          </Typography>
        </Stack>
        <Typography variant="h6" component="h2" sx={{ fontSize: 18, lineHeight: 1.7 }}>
          <MuiLink component={Link} to={searchResultPath(result)} underline="hover" color="inherit">
            {result.title}
          </MuiLink>
        </Typography>
        {result.excerpt && (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {result.excerpt}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/**
 * `/search?q=…&page=…` (shell-owned): posts, podcasts and products matching `q`, mixed in the
 * server's rank order with a type chip, paged in the URL. A query under
 * two characters (see {@link isSearchable}) shows a hint and sends nothing. Titled with the query,
 * and kept out of search indexes (issue 9).
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const tooShort = !isSearchable(q);
  const { data, isLoading, isFetching } = useSearchQuery(tooShort ? skipToken : { q, page });
  const results = data?.data ?? [];

  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next <= 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <DeclarePageHead head={{ title: tooShort ? t.search.title : t.search.resultsFor(q), noindex: true }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
        {tooShort ? t.search.title : t.search.resultsFor(q)}
      </Typography>
      {tooShort ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t.search.minLength}
        </Alert>
      ) : (
        <>
          <Box sx={{ minHeight: 28, mb: 1 }}>
            {data && (
              <Typography color="text.secondary" role="status">
                {(data.meta.total >= SEARCH_MAX_TOTAL ? t.search.totalAtLeast : t.search.total)(formatNumber(data.meta.total))}
              </Typography>
            )}
          </Box>
          <Box sx={{ position: 'relative', minHeight: 4, mb: 1 }}>
            <RefetchBar shown={isFetching} />
          </Box>
          {isLoading ? (
            <Stack spacing={2} useFlexGap>
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={110} />
              ))}
            </Stack>
          ) : data && results.length === 0 ? (
            <EmptyState text={t.search.empty(q)} />
          ) : (
            <Stack
              component="section"
              aria-label={t.search.results}
              aria-busy={isFetching}
              spacing={2}
              useFlexGap
              sx={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}
            >
              {results.map((result) => (
                <SearchHit key={`${result.type}-${result.id}`} result={result} />
              ))}
            </Stack>
          )}
          <ListPagination meta={data?.meta} onChange={setPage} />
        </>
      )}
    </Container>
  );
}
