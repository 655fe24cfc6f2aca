import type { InstalmentState } from '@shop/contracts';
import { Chip } from '@shop/ui-kit/lazy';
import { t } from '../../strings';

/** The colour of each state: not due yet plain, overdue amber, pausing access red, paid green. */
const LOOKS = {
  upcoming: { color: 'default', variant: 'outlined' },
  overdue: { color: 'warning', variant: 'filled' },
  paused: { color: 'error', variant: 'filled' },
  paid: { color: 'success', variant: 'filled' },
} as const satisfies Record<InstalmentState, object>;

/** A part's state (issue 36 item 2) as a chip with its Persian name and colour. */
export function InstalmentStateChip({ state }: { state: InstalmentState }) {
  return <Chip size="small" {...LOOKS[state]} label={t.instalmentList.states[state]} />;
}
