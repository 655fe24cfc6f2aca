import { api, type FetchBaseQueryError } from '@shop/api-client';
import type { CanaryReleaseBody, Item, PreviewReleaseBody, PromoteReleaseBody, RemoteName, RemoteReleaseStatus } from '@shop/contracts';

/** The one cached list of every remote's releases. */
const RELEASES_LIST = { type: 'Release' as const, id: 'LIST' };

/**
 * Refusals that mean the list on screen was out of date (an unknown or pruned version, a version
 * already active, no canary left, nothing to roll back to): the list is asked for again. Other
 * failures (a lost connection, a 5xx) keep it as it is.
 */
const STALE_LIST_STATUSES: readonly unknown[] = [404, 409, 422];

/** Tags a release write invalidates: none on success (its answer updates the list), the list after a refusal. */
function refreshedAfterRefusal(_result: unknown, error: FetchBaseQueryError | undefined) {
  return error && STALE_LIST_STATUSES.includes(error.status) ? [RELEASES_LIST] : [];
}

/** Puts one remote's new status, a write's answer, in the cached list (no second request). */
function statusAnswered(dispatch: (action: unknown) => unknown, status: RemoteReleaseStatus): void {
  dispatch(
    releasesApi.util.updateQueryData('getReleases', undefined, (draft) => {
      const index = draft.findIndex((item) => item.remote === status.remote);
      if (index >= 0) draft[index] = status;
    }),
  );
}

/** `onQueryStarted` of every write: its answer, when it comes, replaces its remote's status in the list. */
async function keepListInStep(_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: RemoteReleaseStatus }> }) {
  const status = await queryFulfilled.then(({ data }) => data).catch(() => null);
  if (status) statusAnswered(dispatch, status);
}

/** A write to one remote's releases: the remote and, for some, a body. */
type RemoteArg = { remote: RemoteName };

/**
 * The releases endpoints of `/dashboard/releases` (issue 35 item 5; `shared/contracts/src/releases.ts`,
 * super users only): where every remote stands, and promote, rollback, canary start and end, and
 * the signed-in super user's own preview of a version (item 3). Each write answers its remote's
 * status, which replaces that remote in the cached list; a refusal that shows the list was out of
 * date (404, 409, 422) asks for the list again.
 */
export const releasesApi = api.injectEndpoints({
  endpoints: (build) => {
    /** A write whose answer is its remote's status (every write here). */
    const statusWrite = <Arg extends RemoteArg>(query: (arg: Arg) => { url: string; method: 'POST' | 'PUT' | 'DELETE'; body?: object }) =>
      build.mutation<RemoteReleaseStatus, Arg>({
        query,
        transformResponse: (answer: Item<RemoteReleaseStatus>) => answer.data,
        onQueryStarted: keepListInStep,
        invalidatesTags: refreshedAfterRefusal,
      });
    const path = (remote: RemoteName, action: string) => `/dashboard/releases/${remote}/${action}`;
    return {
      getReleases: build.query<RemoteReleaseStatus[], void>({
        query: () => '/dashboard/releases',
        transformResponse: (answer: Item<RemoteReleaseStatus[]>) => answer.data,
        providesTags: [RELEASES_LIST],
      }),
      promoteRelease: statusWrite<RemoteArg & PromoteReleaseBody>(({ remote, version }) => ({ url: path(remote, 'promote'), method: 'POST', body: { version } })),
      rollbackRelease: statusWrite<RemoteArg>(({ remote }) => ({ url: path(remote, 'rollback'), method: 'POST' })),
      startCanary: statusWrite<RemoteArg & CanaryReleaseBody>(({ remote, version, share }) => ({ url: path(remote, 'canary'), method: 'POST', body: { version, share } })),
      endCanary: statusWrite<RemoteArg>(({ remote }) => ({ url: path(remote, 'canary'), method: 'DELETE' })),
      startPreview: statusWrite<RemoteArg & PreviewReleaseBody>(({ remote, version }) => ({ url: path(remote, 'preview'), method: 'PUT', body: { version } })),
      endPreview: statusWrite<RemoteArg>(({ remote }) => ({ url: path(remote, 'preview'), method: 'DELETE' })),
    };
  },
});

export const {
  useGetReleasesQuery,
  usePromoteReleaseMutation,
  useRollbackReleaseMutation,
  useStartCanaryMutation,
  useEndCanaryMutation,
  useStartPreviewMutation,
  useEndPreviewMutation,
} = releasesApi;
