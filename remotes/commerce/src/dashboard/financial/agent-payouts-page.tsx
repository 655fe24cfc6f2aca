import { useState, type ReactNode } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { AgentPayout } from '@shop/contracts';
import { ConfirmDialog, ListPagination, useFilteredListParams } from '@shop/content-ui';
import { DataTable, EmailAddress, ListToolbar, PageHeader } from '@shop/dashboard-ui';
import { formatJalaliDate, formatToman } from '@shop/format';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { useGetAgentPayoutsQuery, usePayAgentPayoutMutation } from './agent-payouts-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { agentStrings } from '../../agent-strings';
import { t } from '../../strings';

const s = agentStrings.payouts;
const PER_PAGE = 20;
const COLUMNS = ['agent', 'amount', 'to', 'requested_at', 'status', 'actions'] as const;
/** The filter's choices: the payouts to pay first, then those paid. */
const STATUSES = ['requested', 'paid'] as const satisfies ReadonlyArray<AgentPayout['status']>;

/** A moment as a `<time>` in Jalali. */
const day = (iso: string) => <time dateTime={iso}>{formatJalaliDate(iso)}</time>;

/** The money of a payout in tomans, zero included. */
const amountOf = (payout: AgentPayout) => formatToman(payout.amount, { zeroIsFree: false });

/** One cell of a payout: the agent (name, code left to right, email), tomans, where to, the Jalali request date, status and «ثبت پرداخت». */
function cellOf(payout: AgentPayout, column: (typeof COLUMNS)[number], onPay: (payout: AgentPayout) => void): ReactNode {
  switch (column) {
    case 'agent':
      return (
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <span>
            {payout.agent.full_name}{' '}
            <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
              ({payout.agent.code})
            </Box>
          </span>
          <Typography variant="body2" color="text.secondary" component="span">
            <EmailAddress email={payout.agent.email} />
          </Typography>
        </Stack>
      );
    case 'amount':
      return amountOf(payout);
    case 'to':
      return s.destinations[payout.to];
    case 'requested_at':
      return day(payout.requested_at);
    case 'status':
      return (
        <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
          <Chip size="small" color={payout.status === 'paid' ? 'success' : 'warning'} label={s.statuses[payout.status]} />
          {payout.paid_at && (
            <Typography variant="body2" color="text.secondary" component="span">
              {s.paidAt(formatJalaliDate(payout.paid_at))}
            </Typography>
          )}
        </Stack>
      );
    case 'actions':
      return payout.status === 'requested' ? (
        <Button size="small" variant="outlined" aria-label={s.payOf(amountOf(payout), payout.agent.full_name)} onClick={() => onPay(payout)}>
          {s.pay}
        </Button>
      ) : null;
  }
}

/** Marking a payout paid after a confirmation; the server's refusal (paid meanwhile, or no answer) is kept to show above the list. */
function usePayoutPayment() {
  const [pay, { isLoading }] = usePayAgentPayoutMutation();
  // The payout the dialog asks about stays named while the dialog closes.
  const [asked, setAsked] = useState<AgentPayout | null>(null);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      const answer = await pay(asked.id).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? s.payFailed);
    }
    setOpen(false);
  };
  const ask = (payout: AgentPayout) => {
    setAsked(payout);
    setOpen(true);
  };
  return { ask, asked, open, close: () => setOpen(false), confirm, pending: isLoading, refusal, clearRefusal: () => setRefusal(null) };
}

/**
 * `/dashboard/financial-info/agent-payouts` (manage-refunds, issue 36 item 4): sales agents' payouts,
 * oldest asked first, each with the agent (name, code, email), tomans, where to («حساب بانکی» or «کیف
 * پول»), the Jalali request date and status; «در انتظار پرداخت» or «پرداخت‌شده» and the page in the
 * URL (`?status=paid`, `?page=`). «ثبت پرداخت» marks a requested payout paid after a confirmation
 * that says what it does (to the wallet: credited at once); a refusal shows above the list.
 */
export default function AgentPayoutsPage() {
  const { status, page, setStatus, setPage } = useFilteredListParams(STATUSES, 'requested');
  const { data, isLoading, isFetching } = useGetAgentPayoutsQuery({ page, per_page: PER_PAGE, status });
  const paying = usePayoutPayment();
  const asked = paying.asked;
  const columns = status === 'requested' ? COLUMNS : COLUMNS.filter((column) => column !== 'actions');

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={s.title} intro={s.intro} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={status}
        aria-label={s.statusFilter}
        onChange={(_event, next: AgentPayout['status'] | null) => next && setStatus(next)}
        sx={{ flexWrap: 'wrap', mb: 2 }}
      >
        {STATUSES.map((value) => (
          <ToggleButton key={value} value={value} sx={{ px: 2 }}>
            {s.statuses[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ListToolbar total={data?.meta.total} totalLabel={s.total} />
      {paying.refusal && (
        <Alert severity="error" role="alert" onClose={paying.clearRefusal} sx={{ mb: 2 }}>
          {paying.refusal}
        </Alert>
      )}
      <DataTable
        label={s.title}
        columns={columns}
        labels={s.columns}
        rows={data?.data}
        rowKey={(payout) => payout.id}
        cell={(payout, column) => cellOf(payout, column, paying.ask)}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={s.empty}
        minWidth={900}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
      <ConfirmDialog
        open={paying.open}
        title={asked ? s.payTitle(amountOf(asked), asked.agent.full_name) : ''}
        text={asked?.to === 'wallet' ? s.payTextWallet : s.payTextBank}
        confirmLabel={s.pay}
        pending={paying.pending}
        onCancel={paying.close}
        onConfirm={() => void paying.confirm()}
      />
    </Box>
  );
}
