import { useState, type ReactNode } from 'react';
import { claimApiError, selectCurrentUser, useAppSelector, type FetchBaseQueryError } from '@shop/api-client';
import { hasPermission, type DashboardInstalment } from '@shop/contracts';
import { ConfirmDialog, DebouncedSearchBox, ListPagination, useFilteredListParams } from '@shop/content-ui';
import { DataTable, EmailAddress, ListToolbar, PageHeader } from '@shop/dashboard-ui';
import { formatJalaliDate, formatMobile, formatNumber, formatToman } from '@shop/format';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { FINANCIAL_PATHS } from './financial-paths';
import { InstalmentStateChip } from './instalment-state-chip';
import { useCancelInstalmentPurchaseMutation, useGetDashboardInstalmentsQuery, type InstalmentListState } from './instalments-api';
import { t } from '../../strings';

const PER_PAGE = 20;
const COLUMNS = ['buyer', 'product', 'part', 'amount', 'due_at', 'state', 'actions'] as const;
type Column = (typeof COLUMNS)[number];
/** The filter's choices in order: every unpaid part, then each state. */
const FILTERS = ['all', 'upcoming', 'overdue', 'paused'] as const satisfies ReadonlyArray<'all' | InstalmentListState>;
type Filter = (typeof FILTERS)[number];

const filterLabel = (filter: Filter) => (filter === 'all' ? t.instalmentList.all : t.instalmentList.states[filter]);

/** One cell of a part: its buyer (name, email, mobile), course, «۲ از ۳», tomans, Jalali due date, state and the cancel. */
function cellOf(row: DashboardInstalment, column: Column, onCancel: (row: DashboardInstalment) => void): ReactNode {
  switch (column) {
    case 'buyer':
      return (
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <span>{row.user.full_name}</span>
          <Typography variant="body2" color="text.secondary" component="span">
            <EmailAddress email={row.user.email} />
          </Typography>
          {row.user.mobile && (
            <Typography variant="body2" color="text.secondary" component="span">
              <bdi dir="ltr">{formatMobile(row.user.mobile)}</bdi>
            </Typography>
          )}
        </Stack>
      );
    case 'product':
      return row.product.title;
    case 'part':
      return t.instalmentList.partOf(formatNumber(row.number), formatNumber(row.parts));
    case 'amount':
      return formatToman(row.amount, { zeroIsFree: false });
    case 'due_at':
      return <time dateTime={row.due_at}>{formatJalaliDate(row.due_at)}</time>;
    case 'state':
      return <InstalmentStateChip state={row.state} />;
    case 'actions':
      return (
        <Button size="small" color="error" variant="outlined" aria-label={t.instalmentList.cancelOf(row.product.title, row.user.full_name)} onClick={() => onCancel(row)}>
          {t.instalmentList.cancel}
        </Button>
      );
  }
}

/** Cancelling a purchase after a confirmation; the server's refusal (or no answer) is kept to show above the list. */
function usePurchaseCancel() {
  const [cancel, { isLoading }] = useCancelInstalmentPurchaseMutation();
  // The part the dialog asks about stays named while the dialog closes.
  const [asked, setAsked] = useState<DashboardInstalment | null>(null);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      const answer = await cancel(asked.purchase_id).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? t.instalmentList.cancelFailed);
    }
    setOpen(false);
  };
  const ask = (row: DashboardInstalment) => {
    setAsked(row);
    setOpen(true);
  };
  return { ask, asked, open, close: () => setOpen(false), confirm, pending: isLoading, refusal, clearRefusal: () => setRefusal(null) };
}

/**
 * `/dashboard/financial-info/instalments` (show-financial-info, issue 36 item 2): the unpaid parts of
 * courses bought in parts, soonest due first, each with its buyer (name, email, mobile), course, «۲
 * از ۳», tomans, Jalali due date and state (not due yet, overdue within the grace, pausing access); the
 * state filter («همه / سررسید نشده / معوق / دسترسی متوقف»), a buyer search and the page live in the
 * URL. Staff who may refund (manage-refunds) cancel a purchase after a confirmation that says access
 * ends at once and paid parts are not refunded; others do not see the action.
 */
export default function InstalmentsPage() {
  const { status, q, page, setStatus, setQuery, setPage } = useFilteredListParams<Filter>(FILTERS, 'all');
  const { data, isLoading, isFetching } = useGetDashboardInstalmentsQuery({ page, per_page: PER_PAGE, q, state: status === 'all' ? undefined : status });
  const canCancel = hasPermission(useAppSelector(selectCurrentUser), 'manage-refunds');
  const columns = canCancel ? COLUMNS : COLUMNS.filter((column) => column !== 'actions');
  const cancelling = usePurchaseCancel();
  const asked = cancelling.asked;

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.instalmentList.title} intro={t.instalmentList.intro} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        aria-label={t.instalmentList.stateFilter}
        onChange={(_event, next: Filter | null) => next && setStatus(next)}
        sx={{ flexWrap: 'wrap', mb: 2 }}
      >
        {FILTERS.map((filter) => (
          <ToggleButton key={filter} value={filter} sx={{ px: 2 }}>
            {filterLabel(filter)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ListToolbar total={data?.meta.total} totalLabel={t.instalmentList.total}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.instalmentList.search} placeholder={t.instalmentList.searchPlaceholder} />
      </ListToolbar>
      {cancelling.refusal && (
        <Alert severity="error" role="alert" onClose={cancelling.clearRefusal} sx={{ mb: 2 }}>
          {cancelling.refusal}
        </Alert>
      )}
      <DataTable
        label={t.instalmentList.title}
        columns={columns}
        labels={t.instalmentList.columns}
        rows={data?.data}
        rowKey={(row) => row.id}
        cell={(row, column) => cellOf(row, column, cancelling.ask)}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.instalmentList.empty}
        minWidth={960}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
      <ConfirmDialog
        open={cancelling.open}
        title={asked ? t.instalmentList.cancelTitle(asked.product.title, asked.user.full_name) : ''}
        text={t.instalmentList.cancelText}
        confirmLabel={t.instalmentList.cancel}
        pending={cancelling.pending}
        onCancel={cancelling.close}
        onConfirm={() => void cancelling.confirm()}
      />
    </Box>
  );
}
