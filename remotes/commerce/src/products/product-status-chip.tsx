import type { ProductStatus } from '@shop/contracts';
import { Chip } from '@shop/ui-kit/lazy';
import { t } from '../strings';

const COLORS = { 'in-progress': 'info', done: 'success', expired: 'default' } as const satisfies Record<ProductStatus, string>;

/** A product's status (SPEC §4: in progress, done, expired) as a small coloured chip. */
export function ProductStatusChip({ status }: { status: ProductStatus }) {
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t.status[status]} />;
}
