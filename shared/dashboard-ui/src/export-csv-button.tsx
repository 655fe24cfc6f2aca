import { Button, Icon } from '@shop/ui-kit';
import { t } from './strings';

/** Query values of a list's filters; empty and undefined ones are left out of the URL. */
export type ExportParams = Record<string, string | number | undefined | null>;

/**
 * Same-origin URL of a CSV export (issue 25): `/api<path>` with the filters that have a value, as
 * the API client's base query builds its requests.
 */
export function exportUrl(path: string, params: ExportParams = {}): string {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([key, value]) => (value === undefined || value === null || value === '' ? [] : [[key, String(value)]])),
  ).toString();
  return `/api${path}${query ? `?${query}` : ''}`;
}

/**
 * «خروجی CSV» (issue 25): downloads the export of a list or summary with its current filters. A
 * plain same-origin link: the dashboard is signed in with the httpOnly auth cookie, which the
 * browser sends with it, and the server answers an attachment that is streamed to disk, never
 * held in the page.
 *
 * @param path the export's API path under `/api`, e.g. `/dashboard/financial-info/orders/export`
 * @param params the list's filters as its own query sends them (no page)
 * @param of what is exported, for the accessible name («خروجی CSV سفارش‌ها») when a page has several
 *
 * @example
 * <ExportCsvButton path="/dashboard/financial-info/orders/export" params={{ q, payment_status }} of="سفارش‌ها" />
 */
export function ExportCsvButton({ path, params, of }: { path: string; params?: ExportParams; of?: string }) {
  return (
    <Button
      component="a"
      href={exportUrl(path, params)}
      download
      variant="outlined"
      startIcon={<Icon name="Download" />}
      aria-label={of ? t.exportCsvOf(of) : undefined}
      sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
    >
      {t.exportCsv}
    </Button>
  );
}
