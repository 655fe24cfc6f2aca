import type { ReactNode } from 'react';
import { formatNumber } from '@shop/format';
import { Stack, Typography } from '@shop/ui-kit';
import { t } from './strings';

/**
 * The row above a dashboard table: its search box and filters (`children`), and how many items
 * match, in Persian digits (`totalLabel`, by default «۱۲ مورد»; nothing until the first answer).
 */
export function ListToolbar({
  total,
  totalLabel = t.total,
  children,
}: {
  total: number | undefined;
  totalLabel?: (count: string) => string;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        {children}
      </Stack>
      {total !== undefined && (
        <Typography color="text.secondary" role="status">
          {totalLabel(formatNumber(total))}
        </Typography>
      )}
    </Stack>
  );
}
