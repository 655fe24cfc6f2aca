import { useEffect, useState } from 'react';
import type { ForensicIdentification } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, ListToolbar, PageHeader } from '@shop/dashboard-ui';
import { formatFileSize, formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Button, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { FORENSIC_PATHS } from './forensic-paths';
import { forensicStrings as s } from './forensic-strings';
import { ForensicUploadForm } from './forensic-upload-form';
import { isPending, useGetForensicIdentificationsQuery } from './forensics-admin-api';

const l = s.list;
const PER_PAGE = 20;
/** How often the list is read again while an identification is queued or processing, ms. */
const POLL_MS = 2_000;
const COLUMNS = ['session', 'file', 'status', 'result', 'created_at', 'action'] as const;
type Column = (typeof COLUMNS)[number];

/** The chip colour of a status. */
const statusColor = (status: ForensicIdentification['status']) =>
  status === 'done' ? 'success' : status === 'failed' ? 'error' : status === 'processing' ? 'info' : 'default';

/** What an identification found, in a few words: the named account, «نمی‌توان گفت», the percent compared, or nothing yet. */
function ResultCell({ row }: { row: ForensicIdentification }) {
  if (row.status === 'processing') return <>{l.processing(formatNumber(row.progress))}</>;
  if (row.status !== 'done') return <>—</>;
  if (row.verdict === 'identified' && row.user) {
    return (
      <Stack spacing={0.5} useFlexGap sx={{ alignItems: 'flex-start' }}>
        <Typography>{l.identified(row.user.full_name)}</Typography>
        {row.revocation && <Chip size="small" color="warning" label={l.revoked} />}
      </Stack>
    );
  }
  return <>{l.cannotSay}</>;
}

/** One cell of an identification's row. */
function cellOf(row: ForensicIdentification, column: Column) {
  switch (column) {
    case 'session':
      return (
        <Stack>
          <Typography>{row.session_title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {row.product_title}
          </Typography>
        </Stack>
      );
    case 'file':
      return (
        <Stack sx={{ minWidth: 0 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{row.file_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatFileSize(row.file_size)}
          </Typography>
        </Stack>
      );
    case 'status':
      return <Chip size="small" color={statusColor(row.status)} label={s.status[row.status]} />;
    case 'result':
      return <ResultCell row={row} />;
    case 'created_at':
      return formatJalaliDate(row.created_at, { withTime: true });
    case 'action':
      return (
        <Button component={Link} to={FORENSIC_PATHS.result(row.id)} size="small" variant="outlined">
          {l.open}
        </Button>
      );
  }
}

/**
 * `/dashboard/forensics` (manage-product-sessions; issue 38 item 3): the form that uploads a leaked
 * copy of a lesson and starts its identification, and below it every identification, newest first
 * (`?page=` in the URL), read again every 2 s while any is queued or processing, each leading to its result.
 */
export default function ForensicIdentificationsPage() {
  const [params, update] = useUrlParams();
  const page = pageOf(params);
  const [polling, setPolling] = useState(false);
  const { data, isLoading, isFetching, isError } = useGetForensicIdentificationsQuery({ page, per_page: PER_PAGE }, { pollingInterval: polling ? POLL_MS : 0 });
  const pending = data?.data.some(isPending) ?? false;
  useEffect(() => setPolling(pending), [pending]);
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={l.title} intro={l.intro} />
      <ForensicUploadForm />
      <ListToolbar total={data?.meta.total} />
      {isError && <Typography color="error">{l.failedToLoad}</Typography>}
      <DataTable label={l.tableLabel} columns={COLUMNS} labels={l.columns} rows={data?.data} rowKey={(row) => row.id} cell={cellOf} isLoading={isLoading} isFetching={isFetching} empty={l.empty} minWidth={860} />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
