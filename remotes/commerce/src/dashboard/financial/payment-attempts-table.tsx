import type { PaymentAttempt } from '@shop/contracts';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Typography } from '@shop/ui-kit';
import { DataTable } from '@shop/dashboard-ui';
import { t } from '../../strings';

const COLUMNS = ['id', 'gateway', 'amount', 'status', 'ref_id', 'created_at', 'verified_at'] as const;

/**
 * The attempts to pay an order at the gateway, newest first (SPEC §3 "Order"; issue 22 item 1):
 * gateway, amount in tomans, outcome, the gateway's reference number and the Jalali times it
 * started and ended. Says so when there was none (a manual or free order).
 */
export function PaymentAttemptsTable({ attempts }: { attempts: PaymentAttempt[] }) {
  if (attempts.length === 0) return <Typography color="text.secondary">{t.financial.noAttempts}</Typography>;
  const time = (value: string | null) => (value ? <time dateTime={value}>{formatJalaliDate(value, { withTime: true })}</time> : '—');
  const cell = (attempt: PaymentAttempt, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'id':
        return formatNumber(attempt.id);
      case 'gateway':
        return t.financial.gateways[attempt.gateway] ?? attempt.gateway;
      case 'amount':
        return formatToman(attempt.amount);
      case 'status':
        return t.financial.attemptStatuses[attempt.status];
      case 'ref_id':
        return attempt.ref_id ? <bdi dir="ltr">{attempt.ref_id}</bdi> : '—';
      case 'created_at':
      case 'verified_at':
        return time(attempt[column]);
    }
  };
  return (
    <DataTable
      label={t.financial.attempts}
      columns={COLUMNS}
      labels={t.financial.attemptColumns}
      rows={attempts}
      rowKey={(attempt) => attempt.id}
      cell={cell}
      isLoading={false}
      isFetching={false}
      minWidth={720}
    />
  );
}
