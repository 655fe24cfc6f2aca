/** @jest-environment-options {"url": "http://127.0.0.1:25761"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessMismatch, AccessMismatches } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import AccessMismatchesPage from './access-mismatches-page';

const CHECKED_AT = '2026-11-22T00:45:00Z';
const NOW = '2026-11-23T09:30:00Z';

const findings: AccessMismatch[] = [
  { kind: 'missing_grant', user: { id: 7, full_name: 'سارا محمدی', email: 'sara@example.com' }, product: { id: 1, title: 'دوره ری‌اکت' }, order_item_id: 11, grant_id: null },
  { kind: 'unpaid_grant', user: { id: 8, full_name: 'علی رضایی', email: 'ali@example.com' }, product: { id: 2, title: 'دوره تایپ‌اسکریپت' }, order_item_id: 1205, grant_id: 34 },
];

/** What `GET` answers, and what `POST …/check` answers (after `releaseCheck`, when held). */
let current: AccessMismatches;
let checkAnswer: AccessMismatches;
let holdCheck = false;
let releaseCheck: (() => void) | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25761, ({ method, url }) => {
    if (url.pathname === '/api/dashboard/access-mismatches' && method === 'GET') return current;
    if (url.pathname === '/api/dashboard/access-mismatches/check' && method === 'POST') {
      if (!holdCheck) return checkAnswer;
      return new Promise((resolve) => {
        releaseCheck = () => resolve(checkAnswer);
      });
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  current = { checked_at: CHECKED_AT, checked_items: 1234, data: findings };
  checkAnswer = { checked_at: NOW, checked_items: 1240, data: [] };
  holdCheck = false;
  releaseCheck = null;
});

const renderAccess = () => renderPage(<AccessMismatchesPage />, { url: '/dashboard/financial-info/access', user: aUser({ status: 'super' }) });
const summary = () => screen.getByRole('region', { name: 'نتیجه آخرین بررسی' });
const table = () => screen.getByRole('table', { name: 'ناهمخوانی‌ها' });
const checkButton = () => screen.getByRole('button', { name: 'بررسی همین حالا' }) as HTMLButtonElement;
/** The table row of a user's finding. */
const rowOf = (name: string) => screen.getByRole('link', { name: `صفحه کاربر ${name}` }).closest('tr')!;
const calls = (method: string) => api.seen.filter((r) => r.method === method).map((r) => r.url.pathname);

describe('access check (/dashboard/financial-info/access, issue 36 item 1)', () => {
  it('lists the findings with Persian kinds, links, Persian digits and the Jalali date of the last check', async () => {
    renderAccess();
    await screen.findByRole('link', { name: 'صفحه کاربر علی رضایی' });
    const row = rowOf('علی رضایی');
    expect(screen.getByRole('heading', { level: 1, name: 'بررسی دسترسی‌ها' })).toBeTruthy();
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['نوع', 'کاربر', 'دوره', 'شناسه قلم سفارش', 'شناسه دسترسی']);
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['دسترسی بی‌پرداخت', 'علی رضاییali@example.com', 'دوره تایپ‌اسکریپت', '۱٬۲۰۵', '۳۴']);
    expect(within(row).getByRole('link', { name: 'صفحه کاربر علی رضایی' }).getAttribute('href')).toBe('/dashboard/users/8');
    expect(within(row).getByRole('link', { name: 'ویرایش دوره دوره تایپ‌اسکریپت' }).getAttribute('href')).toBe('/dashboard/products/2');
    const paid = rowOf('سارا محمدی');
    expect(within(paid).getAllByRole('cell').map((c) => c.textContent)).toEqual(['پرداخت شده ولی بی‌دسترسی', 'سارا محمدیsara@example.com', 'دوره ری‌اکت', '۱۱', '—']);
    expect(within(summary()).getByText(formatJalaliDate(CHECKED_AT, { withTime: true })).closest('time')!.getAttribute('dateTime')).toBe(CHECKED_AT);
    expect(summary().textContent).toBe(`آخرین بررسی:${formatJalaliDate(CHECKED_AT, { withTime: true })}اقلام پرداخت‌شده مقایسه‌شده:۱٬۲۳۴ قلمناهمخوانی‌ها:۲ ناهمخوانی`);
    // What each kind means, under the table.
    expect(screen.getByText('خریدار پول دوره را داده و بازگشت وجه نگرفته، ولی نمی‌تواند دوره را باز کند.')).toBeTruthy();
    expect(calls('GET')).toEqual(['/api/dashboard/access-mismatches']);
  });

  it('says all access matches the payments when the check ran and found nothing', async () => {
    current = { checked_at: CHECKED_AT, checked_items: 3, data: [] };
    renderAccess();
    expect(await within(table()).findByText('همه دسترسی‌ها با پرداخت‌ها جور است.')).toBeTruthy();
    expect(summary().textContent).toBe(`آخرین بررسی:${formatJalaliDate(CHECKED_AT, { withTime: true })}اقلام پرداخت‌شده مقایسه‌شده:۳ قلمناهمخوانی‌ها:۰ ناهمخوانی`);
  });

  it('says when the check never ran, and «بررسی همین حالا» runs it, busy meanwhile, and shows its answer', async () => {
    current = { checked_at: null, checked_items: 0, data: [] };
    checkAnswer = { checked_at: NOW, checked_items: 1240, data: findings };
    holdCheck = true;
    renderAccess();
    expect(await within(table()).findByText('بررسی هنوز اجرا نشده است؛ «بررسی همین حالا» را بزنید تا نتیجه این‌جا بیاید.')).toBeTruthy();
    expect(summary().textContent).toBe('آخرین بررسی:هنوز اجرا نشده استاقلام پرداخت‌شده مقایسه‌شده:۰ قلم');
    expect(screen.queryByText('همه دسترسی‌ها با پرداخت‌ها جور است.')).toBeNull();

    await userEvent.click(checkButton());
    await waitFor(() => expect(calls('POST')).toEqual(['/api/dashboard/access-mismatches/check']));
    expect(checkButton().disabled).toBe(true);
    releaseCheck!();

    expect(await screen.findByText('بررسی انجام شد؛ ۲ ناهمخوانی پیدا شد و برای مدیران کل ایمیل می‌شود.')).toBeTruthy();
    expect(await within(table()).findByRole('link', { name: 'صفحه کاربر سارا محمدی' })).toBeTruthy();
    expect(summary().textContent).toBe(`آخرین بررسی:${formatJalaliDate(NOW, { withTime: true })}اقلام پرداخت‌شده مقایسه‌شده:۱٬۲۴۰ قلمناهمخوانی‌ها:۲ ناهمخوانی`);
    await waitFor(() => expect(checkButton().disabled).toBe(false));
    // The answer went into the cache: the list was not asked for again.
    expect(calls('GET')).toEqual(['/api/dashboard/access-mismatches']);
  });

  it('replaces the findings with a new check that finds nothing', async () => {
    renderAccess();
    await screen.findByRole('link', { name: 'صفحه کاربر علی رضایی' });
    await userEvent.click(checkButton());
    expect(await screen.findByText('بررسی انجام شد؛ همه دسترسی‌ها با پرداخت‌ها جور است.')).toBeTruthy();
    // The answer lands in the cache a moment after the mutation resolves.
    expect(await within(table()).findByText('همه دسترسی‌ها با پرداخت‌ها جور است.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'صفحه کاربر علی رضایی' })).toBeNull();
    expect(summary().textContent).toContain('۱٬۲۴۰ قلم');
    expect(calls('POST')).toEqual(['/api/dashboard/access-mismatches/check']);
  });
});
