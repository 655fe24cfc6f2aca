/** @jest-environment-options {"url": "http://127.0.0.1:25260"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import AuditLogPage from './audit-log-page';

const RANGE_REFUSED = 'تاریخ پایان نباید پیش از تاریخ شروع باشد.';
const entries: AuditEntry[] = [
  {
    id: 31,
    actor: { id: 1, full_name: 'مدیر سایت' },
    ip: '203.0.113.7',
    entity_type: 'post',
    entity_id: 5,
    action: 'update',
    before: { title: 'عنوان قدیمی', is_active: true },
    after: { title: 'عنوان تازه', is_active: false },
    created_at: '2026-11-26T08:00:00.000Z',
  },
  {
    id: 30,
    actor: { id: 1, full_name: 'مدیر سایت' },
    ip: '203.0.113.7',
    entity_type: 'link',
    entity_id: 9,
    action: 'delete',
    before: { title: 'پیوند رفته', type: 'link' },
    after: null,
    created_at: '2026-11-26T07:00:00.000Z',
  },
];
/** A session's lesson uploaded by a staff member (issue 26): answered only when sessions are asked for. */
const lessonUpload: AuditEntry = {
  id: 29, created_at: '2026-11-26T06:00:00.000Z', actor: { id: 7, full_name: 'کارمند دوره‌ها' }, ip: '198.51.100.4',
  entity_type: 'product_session', entity_id: 11, action: 'upload',
  before: { media_status: 'none', media_source: null },
  after: { media_status: 'queued', media_source: 'sessions/0123456789abcdef0123456789abcdef' },
};

/** A remote's version made active (issue 35): answered only when releases are asked for. */
const promotion: AuditEntry = {
  id: 28, created_at: '2026-11-26T05:00:00.000Z', actor: { id: 1, full_name: 'مدیر سایت' }, ip: '203.0.113.7',
  entity_type: 'remote_release', entity_id: 12, action: 'promote',
  before: { remote: 'content', version: '1.3.0+aaaaaaa' },
  after: { remote: 'content', version: '1.4.0+3f9c2a1' },
};

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25260, ({ url }) => {
    if (url.pathname !== '/api/dashboard/audit-log') return undefined;
    if (url.searchParams.get('to') === '1405-01-01') return { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { to: [RANGE_REFUSED] } } };
    const entity = url.searchParams.get('entity_type');
    const found = entity === 'product_session' ? [lessonUpload] : entity === 'remote_release' ? [promotion] : entries.filter((entry) => !entity || entry.entity_type === entity);
    return { data: found, meta: { current_page: 1, last_page: 1, per_page: 20, total: found.length } };
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const renderLog = (url = '/dashboard/audit-log') =>
  renderPage(<AuditLogPage />, { url, path: '/dashboard/audit-log', user: aUser({ status: 'super' }) });

describe('AuditLogPage (/dashboard/audit-log)', () => {
  it('shows who changed what and from where, the fields before and after, and a link to the entity', async () => {
    renderLog();
    const table = await screen.findByRole('table', { name: 'دفتر رویدادها' });
    const link = await within(table).findByRole('link', { name: 'باز کردن نوشته ۵' });
    expect(link.getAttribute('href')).toBe('/dashboard/posts/5');
    expect(within(table).getAllByText('مدیر سایت')).toHaveLength(2);
    expect(within(table).getAllByText('203.0.113.7')).toHaveLength(2);
    const changes = within(table).getByLabelText('تغییرهای رویداد ۳۱');
    expect(within(changes).getByText('عنوان').tagName).toBe('DT');
    expect(within(changes).getByText('عنوان قدیمی').tagName).toBe('DEL');
    expect(within(changes).getByText('عنوان تازه').tagName).toBe('INS');
    expect(within(changes).getByText('فعال')).toBeTruthy();
    expect(within(changes).getByText('بله').tagName).toBe('DEL');
    expect(within(changes).getByText('خیر').tagName).toBe('INS');
    // A deleted link has no page to open; its fields show as they were.
    expect(within(table).getByText('پیوند ۹').closest('a')).toBeNull();
    expect(within(table).getByText('پیوند رفته')).toBeTruthy();
    // A listed value (its type) by its Persian name, under the field's Persian name.
    const deleted = within(table).getByLabelText('تغییرهای رویداد ۳۰');
    expect(within(deleted).getByText('نوع').tagName).toBe('DT');
    expect(within(deleted).getByText('پیوند').tagName).toBe('DD');
    expect(within(deleted).queryByText('link')).toBeNull();
    expect(screen.getByText('۲ رویداد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'خروجی CSV دفتر رویدادها' }).getAttribute('href')).toBe('/api/dashboard/audit-log/export');
  });

  it("names a session's lesson upload and its processing status in Persian", async () => {
    renderLog('/dashboard/audit-log?entity_type=product_session');
    const table = await screen.findByRole('table', { name: 'دفتر رویدادها' });
    expect((await within(table).findByRole('link', { name: 'باز کردن جلسه دوره ۱۱' })).getAttribute('href')).toBe('/dashboard/product-sessions/11');
    expect(within(table).getByText('بارگذاری فایل')).toBeTruthy();
    const changes = within(table).getByLabelText('تغییرهای رویداد ۲۹');
    expect(within(changes).getByText('وضعیت پردازش').tagName).toBe('DT');
    expect(within(changes).getByText('بدون پردازش').tagName).toBe('DEL');
    expect(within(changes).getByText('در صف پردازش').tagName).toBe('INS');
    expect(within(changes).getByText('فایل در انتظار پردازش').tagName).toBe('DT');
    expect(within(changes).queryByText('queued')).toBeNull();
  });

  it("links a remote's release to the releases page (issue 35 item 5)", async () => {
    renderLog('/dashboard/audit-log?entity_type=remote_release');
    const table = await screen.findByRole('table', { name: 'دفتر رویدادها' });
    expect((await within(table).findByRole('link', { name: 'باز کردن انتشار ریموت ۱۲' })).getAttribute('href')).toBe('/dashboard/releases');
  });

  it('filters by entity in the URL, the request and the export', async () => {
    renderLog();
    await screen.findByRole('link', { name: 'باز کردن نوشته ۵' });
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع مورد' }));
    await userEvent.click(await screen.findByRole('option', { name: 'نوشته' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/audit-log?entity_type=post'));
    await waitFor(() => expect(screen.queryByText('پیوند ۹')).toBeNull());
    expect(api.seen.some((request) => request.url.searchParams.get('entity_type') === 'post')).toBe(true);
    expect(screen.getByRole('link', { name: 'خروجی CSV دفتر رویدادها' }).getAttribute('href')).toBe('/api/dashboard/audit-log/export?entity_type=post');
  });

  it('says why a date range is refused', async () => {
    renderLog('/dashboard/audit-log?from=1405-02-01&to=1405-01-01');
    expect(await screen.findByText(RANGE_REFUSED)).toBeTruthy();
    expect(screen.queryByText('عنوان تازه')).toBeNull();
  });
});
