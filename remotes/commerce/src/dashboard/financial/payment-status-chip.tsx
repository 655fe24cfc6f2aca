import type { PaymentStatus } from '@shop/contracts';
import { Chip } from '@shop/ui-kit/lazy';
import { t } from '../../strings';

/** An order's payment status (SPEC §4: paid or unpaid) as a green or grey chip. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" color={status === 'paid' ? 'success' : 'default'} label={t.financial.paymentStatuses[status]} />;
}
