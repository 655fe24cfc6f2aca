import { REMOTE_NAMES } from '@shop/contracts';
import { PageHeader } from '@shop/dashboard-ui';
import { Alert, Box, Button, Skeleton, Stack } from '@shop/ui-kit';
import { RemoteReleaseSection } from './remote-release-section';
import { useGetReleasesQuery } from './releases-api';
import { t } from '../strings';

/**
 * How often the open page asks again, in milliseconds: a canary's page views and load errors, and
 * the server's own rollback of a failing canary (item 4), show without a reload.
 */
export const RELEASES_REFRESH_MS = 30_000;

/**
 * `/dashboard/releases` (issue 35 item 5; super users only, the route's guard): a section per
 * remote, in REMOTE_NAMES order, with its active version, rollback, canary (share, page views and
 * load errors), the user's own preview and its kept versions with promote, canary and preview,
 * each write confirmed first (but the preview, which only the user sees) and told in a toast.
 * Skeletons while the list loads; a failed list is the error catalogue's error page, or a notice
 * with «تلاش دوباره» when the request got no answer at all.
 */
export default function ReleasesPage() {
  const { data, isLoading, isFetching, isError, refetch } = useGetReleasesQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: RELEASES_REFRESH_MS,
  });
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.releases.title} intro={t.releases.intro} />
      {isLoading ? (
        <Stack spacing={3} useFlexGap aria-busy="true">
          {REMOTE_NAMES.map((remote) => (
            <Skeleton key={remote} variant="rounded" height={280} />
          ))}
        </Stack>
      ) : data ? (
        <Stack spacing={3} useFlexGap>
          {data.map((status) => (
            <RemoteReleaseSection key={status.remote} status={status} isFetching={isFetching} />
          ))}
        </Stack>
      ) : (
        isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t.releases.retry}
              </Button>
            }
          >
            {t.releases.loadFailed}
          </Alert>
        )
      )}
    </Box>
  );
}
