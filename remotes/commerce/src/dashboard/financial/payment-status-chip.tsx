import type { PaymentStatus } from '@shop/contracts';
import { Chip } from '@shop/ui-kit/lazy';
import { t } from '../../strings';

/** The chip of each status: paid green, unpaid grey, cancelled (issue 32 item 2) grey and outlined. */
const LOOKS = {
  paid: { color: 'success', variant: 'filled' },
  unpaid: { color: 'default', variant: 'filled' },
  cancelled: { color: 'default', variant: 'outlined' },
} as const satisfies Record<PaymentStatus, object>;

/** An order's payment status (SPEC §4: paid or unpaid; cancelled, issue 32 item 2) as a chip with its Persian name. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  return <Chip size="small" {...LOOKS[status]} label={t.financial.paymentStatuses[status]} />;
}
