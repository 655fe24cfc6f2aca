import type { ReactNode } from 'react';
import { formatNumber } from '@shop/format';
import { Stack, Typography } from '@shop/ui-kit';
import { t } from '../strings';

/** The row above a dashboard table: its search box and filters, and how many items match («۱۲ مورد»). */
export function ListToolbar({ total, children }: { total: number | undefined; children: ReactNode }) {
  return (
    <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' } }}>
        {children}
      </Stack>
      {total !== undefined && (
        <Typography color="text.secondary" role="status">
          {t.dashboard.total(formatNumber(total))}
        </Typography>
      )}
    </Stack>
  );
}
