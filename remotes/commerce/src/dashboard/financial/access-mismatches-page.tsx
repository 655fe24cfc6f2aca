import type { ReactNode } from 'react';
import type { AccessMismatch, AccessMismatches } from '@shop/contracts';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Button, Icon, Link as MuiLink, Paper, Skeleton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { DataTable, EmailAddress, PageHeader } from '@shop/dashboard-ui';
import { CATALOG_PATHS } from '../catalog/catalog-paths';
import { useCheckAccessMismatchesMutation, useGetAccessMismatchesQuery } from './access-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { t } from '../../strings';

const COLUMNS = ['kind', 'user', 'product', 'order_item_id', 'grant_id'] as const;
const KINDS = Object.keys(t.access.kinds) as Array<AccessMismatch['kind']>;

/** A paid course its buyer cannot open is the more urgent: red; a course opened without pay: amber. */
const KIND_COLORS = { missing_grant: 'error', unpaid_grant: 'warning' } as const satisfies Record<AccessMismatch['kind'], string>;

/**
 * A user's dashboard page, in the users-permissions remote (`/dashboard/users/:editUserId`): a
 * remote never imports another, so the path is written here, as the audit log writes ours.
 */
const userPage = (id: number) => `/dashboard/users/${id}`;

/** A finding's identity: a finding has an order item, a grant or both. */
const keyOf = (row: AccessMismatch) => `${row.kind}-${row.order_item_id ?? ''}-${row.grant_id ?? ''}-${row.user.id}-${row.product.id}`;

/** An id in Persian digits, or a dash when the finding has none. */
const idOf = (id: number | null) => (id === null ? '—' : formatNumber(id));

/** One cell of a finding: its kind as a coloured chip, the user and course linking to their dashboard pages, the two ids. */
function cell(row: AccessMismatch, column: (typeof COLUMNS)[number]): ReactNode {
  switch (column) {
    case 'kind':
      return <Chip size="small" color={KIND_COLORS[row.kind]} label={t.access.kinds[row.kind]} />;
    case 'user': {
      const name = row.user.full_name || t.access.userNumber(formatNumber(row.user.id));
      return (
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <MuiLink component={Link} to={userPage(row.user.id)} underline="hover" aria-label={t.access.openUser(name)}>
            {name}
          </MuiLink>
          {row.user.email && (
            <Typography variant="body2" color="text.secondary" component="span">
              <EmailAddress email={row.user.email} />
            </Typography>
          )}
        </Stack>
      );
    }
    case 'product':
      return (
        <MuiLink component={Link} to={`${CATALOG_PATHS.products}/${row.product.id}`} underline="hover" aria-label={t.access.openProduct(row.product.title)}>
          {row.product.title}
        </MuiLink>
      );
    case 'order_item_id':
      return idOf(row.order_item_id);
    case 'grant_id':
      return idOf(row.grant_id);
  }
}

/** One «name: value» line of the summary. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
      <Typography component="dt" sx={{ fontWeight: 500 }}>
        {label}:
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** When the check last ran (Jalali date and time, or «هنوز اجرا نشده است») and how many paid items and findings it had. */
function RunSummary({ result }: { result: AccessMismatches | undefined }) {
  const loading = <Skeleton variant="text" width={160} />;
  return (
    <Paper component="section" variant="outlined" aria-label={t.access.summary} sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 3 }}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Fact label={t.access.lastRun}>
          {!result ? loading : result.checked_at ? <time dateTime={result.checked_at}>{formatJalaliDate(result.checked_at, { withTime: true })}</time> : t.access.neverRun}
        </Fact>
        <Fact label={t.access.checkedItems}>{result ? t.access.itemsCount(formatNumber(result.checked_items)) : loading}</Fact>
        {result?.checked_at && <Fact label={t.access.findings}>{t.access.total(formatNumber(result.data.length))}</Fact>}
      </Box>
    </Paper>
  );
}

/**
 * `/dashboard/financial-info/access` (issue 36 item 1, super users only): what the daily access
 * reconciliation found when it compared paid purchases with who may open each course — a course
 * paid for that its buyer cannot open, or one opened without pay — each with its user and course
 * (linking to their dashboard pages), order item and grant; when the check last ran and how many
 * paid items it compared. «بررسی همین حالا» runs the check now and shows its answer.
 */
export default function AccessMismatchesPage() {
  const { data, isLoading, isFetching } = useGetAccessMismatchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [check, { isLoading: checking }] = useCheckAccessMismatchesMutation();
  const neverRun = data?.checked_at === null;

  const runCheck = async () => {
    try {
      const answer = await check().unwrap();
      const found = answer.data.length;
      enqueueSnackbar(found ? t.access.checkedFound(formatNumber(found)) : t.access.checkedClean, { variant: 'success' });
    } catch {
      // The shell's error catalogue tells of the failure; the last findings stay on screen.
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t.access.title}
        intro={t.access.intro}
        parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]}
        actions={
          <Button variant="contained" startIcon={<Icon name="Refresh" />} loading={checking} loadingPosition="start" onClick={() => void runCheck()}>
            {t.access.checkNow}
          </Button>
        }
      />
      <RunSummary result={data} />
      <DataTable
        label={t.access.findings}
        columns={COLUMNS}
        labels={t.access.columns}
        rows={neverRun ? [] : data?.data}
        rowKey={keyOf}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching || checking}
        empty={neverRun ? t.access.notRunYet : t.access.allMatch}
        minWidth={760}
      />
      {data && data.data.length > 0 && (
        <Box component="dl" sx={{ mt: 2, mb: 0, display: 'grid', gap: 0.5 }}>
          {KINDS.map((kind) => (
            <Fact key={kind} label={t.access.kinds[kind]}>
              <Typography component="span" variant="body2" color="text.secondary">
                {t.access.kindHelp[kind]}
              </Typography>
            </Fact>
          ))}
        </Box>
      )}
    </Box>
  );
}
