import { skipToken } from '@shop/api-client';
import { useParams } from '@shop/router';
import { Box, Skeleton } from '@shop/ui-kit';
import { ContentAdminForm } from './content-admin-form';
import { useGetAdminContentQuery } from './content-admin-api';
import type { ContentKind } from './content-kinds';

/**
 * The add or edit page of a kind: with a numeric `:editPostId`/`:editPodcastId` it loads the
 * item first (a missing one answers 404 and the shell shows its error page).
 */
export function ContentFormPage({ kind, idParam }: { kind: ContentKind; idParam: 'editPostId' | 'editPodcastId' }) {
  const raw = useParams()[idParam];
  const id = raw === undefined ? null : Number(raw);
  const { data } = useGetAdminContentQuery(id === null ? skipToken : { kind, id: Number.isInteger(id) ? id : -1 }, { refetchOnMountOrArgChange: true });
  if (id !== null && !data) {
    return (
      <Box sx={{ py: 3, maxWidth: 880 }}>
        <Skeleton variant="text" height={56} />
        <Skeleton variant="rounded" height={420} />
      </Box>
    );
  }
  // A new key per item, so formik starts from that item's values.
  return <ContentAdminForm key={id ?? 'new'} kind={kind} item={data?.data ?? null} />;
}
