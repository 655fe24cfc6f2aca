import type { ReactNode } from 'react';
import type { AgentCommission, AgentPayout } from '@shop/contracts';
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import { Paper, Stack, Typography } from '@shop/ui-kit';
import { Chip, List, ListItem } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** A date as a `<time>` in Jalali, the machine-readable instant beside it. */
const JalaliTime = ({ at }: { at: string }) => <time dateTime={at}>{formatJalaliDate(at)}</time>;

/** The chip colour of a commission: waiting amber, earned green, taken back red, paid out blue. */
const COMMISSION_COLORS = { pending: 'warning', earned: 'success', reversed: 'error', paid_out: 'info' } as const;

/** The chip colour of a payout: waiting for staff amber, paid green. */
const PAYOUT_COLORS = { requested: 'warning', paid: 'success' } as const;

/** A section of the `#agent` tab with a heading and a list named by it, rows divided. */
function HistorySection<T extends { id: number }>({ id, title, rows, row }: { id: string; title: string; rows: T[]; row: (item: T) => ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {title}
      </Typography>
      <List aria-labelledby={id}>
        {rows.map((item, index) => (
          <ListItem key={item.id} divider={index < rows.length - 1} sx={{ display: 'block', py: 1.5 }}>
            {row(item)}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** One line of a row: its two ends apart, wrapping under each other on a phone. */
function RowLine({ children, mt = 0.5 }: { children: ReactNode; mt?: number }) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', mt }}>
      {children}
    </Stack>
  );
}

/** A commission: its order and status, the commission, the courses, the sale's date and what it paid, and when a pending one is earned. */
function CommissionRow({ commission }: { commission: AgentCommission }) {
  return (
    <>
      <RowLine mt={0}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{t.agent.order(toPersianDigits(commission.order_id))}</Typography>
          <Chip size="small" color={COMMISSION_COLORS[commission.status]} label={t.agent.commissionStatus[commission.status]} />
        </Stack>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{t.agent.commission(formatToman(commission.amount, { zeroIsFree: false }))}</Typography>
      </RowLine>
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {commission.titles.join('، ')}
      </Typography>
      <RowLine>
        <Typography variant="body2" color="text.secondary">
          {t.agent.soldAt} <JalaliTime at={commission.created_at} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.agent.paid(formatToman(commission.paid, { zeroIsFree: false }))}
        </Typography>
      </RowLine>
      {commission.status === 'pending' && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
          {t.agent.availableAt} <JalaliTime at={commission.available_at} />
        </Typography>
      )}
    </>
  );
}

/** A payout: its amount and status, where it goes, and when it was asked and paid. */
function PayoutRow({ payout }: { payout: AgentPayout }) {
  return (
    <>
      <RowLine mt={0}>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatToman(payout.amount, { zeroIsFree: false })}</Typography>
        <Chip size="small" color={PAYOUT_COLORS[payout.status]} label={t.agent.payoutStatus[payout.status]} />
      </RowLine>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t.agent.to[payout.to]}
      </Typography>
      <RowLine>
        <Typography variant="body2" color="text.secondary">
          {t.agent.requestedAt} <JalaliTime at={payout.requested_at} />
        </Typography>
        {payout.paid_at && (
          <Typography variant="body2" color="text.secondary">
            {t.agent.paidAt} <JalaliTime at={payout.paid_at} />
          </Typography>
        )}
      </RowLine>
    </>
  );
}

/**
 * «فروش‌های شما» of the `#agent` tab (issue 36 item 4): each sale through the agent, newest first,
 * with its order's number, courses, what it paid, the commission and its status, and for a pending
 * one «قابل تسویه از …» with the Jalali date its refund window ends. Rows wrap on a phone.
 */
export function AgentCommissions({ commissions }: { commissions: AgentCommission[] }) {
  return <HistorySection id="agent-commissions-title" title={t.agent.commissions} rows={commissions} row={(commission) => <CommissionRow commission={commission} />} />;
}

/**
 * «درخواست‌های تسویه» of the `#agent` tab (issue 36 item 4): each payout the agent asked for, newest
 * first, with its amount, destination, Jalali dates and status.
 */
export function AgentPayouts({ payouts }: { payouts: AgentPayout[] }) {
  return <HistorySection id="agent-payouts-title" title={t.agent.payouts} rows={payouts} row={(payout) => <PayoutRow payout={payout} />} />;
}
