import type { InstalmentScheduleItem } from '@shop/contracts';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Paper } from '@shop/ui-kit';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/**
 * A plan's schedule as a table (issue 36 item 2): each part's number, tomans and due date in Jalali,
 * the first «امروز» (it is paid at once). Narrow enough for a phone: three short columns.
 * @param label the table's accessible name (by default «جدول قسط‌ها»)
 */
export function InstalmentScheduleTable({ schedule, label = t.schedule.table }: { schedule: InstalmentScheduleItem[]; label?: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t.schedule.columns.number}</TableCell>
            <TableCell>{t.schedule.columns.amount}</TableCell>
            <TableCell>{t.schedule.columns.due_at}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.map((item) => (
            <TableRow key={item.number}>
              <TableCell>{formatNumber(item.number)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatToman(item.amount, { zeroIsFree: false })}</TableCell>
              <TableCell>
                <time dateTime={item.due_at}>{item.number === 1 ? t.schedule.today : formatJalaliDate(item.due_at)}</time>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
