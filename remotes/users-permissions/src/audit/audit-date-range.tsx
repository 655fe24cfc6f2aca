import { JalaliDateInput } from '@shop/ui-kit/date-pickers';
import { t } from '../strings';

/**
 * The audit log's Jalali date range (issue 26): two day pickers whose values are Tehran days as
 * `1405-09-05`. Loaded on its own, so the calendar maths load only with the audit log. A range
 * upside down is the API's to refuse (422), which the page shows.
 */
export default function AuditDateRange({
  from,
  to,
  onChange,
}: {
  from: string | null;
  to: string | null;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
}) {
  const field = { size: 'small' as const, sx: { width: { xs: '100%', sm: 180 } } };
  return (
    <>
      <JalaliDateInput label={t.audit.from} value={from} onChange={(next) => onChange({ from: next })} slotProps={{ textField: field, field: { clearable: true } }} />
      <JalaliDateInput label={t.audit.to} value={to} onChange={(next) => onChange({ to: next })} slotProps={{ textField: field, field: { clearable: true } }} />
    </>
  );
}
