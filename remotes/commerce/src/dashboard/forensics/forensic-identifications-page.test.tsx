/** @jest-environment-options {"url": "http://127.0.0.1:26011"} */
import { screen, waitFor, within } from '@testing-library/react';
import type { ForensicIdentification } from '@shop/contracts';
import { renderDashboardForm, startApiServer } from '@shop/test-utils';
import ForensicIdentificationsPage from './forensic-identifications-page';

const row = (id: number, overrides: Partial<ForensicIdentification>): ForensicIdentification => ({
  id, session_id: 30, session_title: 'جلسه دوم: تابع‌ها', product_id: 1, product_title: 'دوره مقدماتی جاوااسکریپت',
  file_name: 'leak.mp4', file_size: 50 * 1024 * 1024, status: 'done', progress: 100, verdict: 'identified', reason: null,
  user: { id: 42, full_name: 'رضا کریمی', email: 'reza@example.com' }, confidence: 0.9999, false_name_probability: 0.0001, evidence: null,
  error: null, created_by: { id: 1, full_name: 'مدیر سایت' }, created_at: '2026-03-01T10:00:00Z', finished_at: '2026-03-01T10:05:00Z', revocation: null,
  ...overrides,
});
const processing = row(8, { file_name: 'copy-telegram.mkv', status: 'processing', progress: 40, verdict: null, user: null, confidence: null, false_name_probability: null, finished_at: null });
const later = [
  row(8, { file_name: 'copy-telegram.mkv', verdict: 'cannot-say', reason: 'too-little-evidence', user: null, confidence: null, false_name_probability: null }),
  row(5, { revocation: { revoked_at: '2026-03-02T08:00:00Z', revoked_by: { id: 1, full_name: 'مدیر سایت' }, reason: 'نشت', grants_ended: 1 } }),
];

let reads = 0;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(26011, ({ url }) => {
    if (url.pathname === '/api/dashboard/products') return { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } };
    if (url.pathname === '/api/dashboard/forensic-identifications') {
      reads += 1;
      const data = reads === 1 ? [processing, later[1]!] : later;
      return { data, meta: { current_page: 1, last_page: 1, per_page: 20, total: data.length } };
    }
    return undefined;
  });
});
afterAll(() => api.close());

describe('the list of leaked-copy identifications (issue 38 item 3)', () => {
  it('lists each with its lesson, file, status, result and date, links to its result, and reads again while one is processing', async () => {
    renderDashboardForm('/dashboard/forensics', { '/dashboard/forensics': <ForensicIdentificationsPage /> });
    expect(screen.getByRole('heading', { level: 1, name: 'شناسایی نسخهٔ نشت‌کرده' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'فرستادن نسخهٔ نشت‌کرده' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'شناسایی‌ها' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('copy-telegram.mkv')).toBeTruthy();
    expect(within(first!).getByText('۵۰ مگابایت')).toBeTruthy();
    expect(within(first!).getByText('در حال سنجش')).toBeTruthy();
    expect(within(first!).getByText('۴۰٪')).toBeTruthy();
    expect(within(first!).getByText('جلسه دوم: تابع‌ها')).toBeTruthy();
    expect(within(first!).getByText('۱۰ اسفند ۱۴۰۴، ساعت ۱۳:۳۰')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'دیدن نتیجه' }).getAttribute('href')).toBe('/dashboard/forensics/8');
    expect(within(second!).getByText('شناخته شد: رضا کریمی')).toBeTruthy();
    expect(within(second!).getByText('دسترسی لغو شد')).toBeTruthy();
    expect(within(second!).getByRole('link', { name: 'دیدن نتیجه' }).getAttribute('href')).toBe('/dashboard/forensics/5');
    // Read again within 2 s while one is processing; once none is, no more reads.
    expect(await within(table).findByText('نمی‌توان گفت', undefined, { timeout: 4_000 })).toBeTruthy();
    const readsWhenDone = reads;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(reads).toBe(readsWhenDone);
  }, 15_000);
});
