/** @jest-environment-options {"url": "http://127.0.0.1:25371"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardProductSession, Product, SessionUnlock } from '@shop/contracts';
import { multipartFields, renderDashboardForm, startApiServer, stubLayoutForEditor, useBrowserFormData, type RecordedRequest } from '@shop/test-utils';
import SessionFormPage from './session-form-page';

useBrowserFormData();
stubLayoutForEditor();

const course: Product = {
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: null, is_active: true, comment_status: 'open', likes_count: 0,
  comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true,
};
const aSession = (overrides: Partial<DashboardProductSession>): DashboardProductSession => ({
  id: 5, product_id: 1, product_title: 'دوره ری‌اکت', title: 'جلسه پنجم', slug: 'fifth', description: '<p>جلسه</p>', position: 5,
  is_free_preview: false, kind: 'lesson', is_active: true, comment_status: 'open', image: null, has_file: false, file_type: null, file_size: null,
  media_status: 'none', media_progress: 0, media_error: null, media_kind: null, duration_seconds: null, poster: null, has_subtitles: false,
  likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  release: 'none', release_days: null, release_date: null, release_at: null, prerequisite_session_id: null, ...overrides,
});
const siblings = [aSession({ id: 4, title: 'جلسه چهارم', position: 4 }), aSession({})];
const unlock: SessionUnlock = {
  user_id: 31, user_full_name: 'مریم رضایی', user_email: 'maryam@example.com', opens_at: null, reason: 'درخواست پشتیبانی',
  by_full_name: 'مدیر سایت', created_at: '2026-11-20T08:00:00Z',
};

let session = aSession({});
const saved: Array<{ request: RecordedRequest; fields: Record<string, string> }> = [];
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25371, async (request) => {
    const { method, url } = request;
    if (url.pathname === '/api/dashboard/products' && method === 'GET') return { data: [course], meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 } };
    if (url.pathname === '/api/dashboard/product-sessions' && method === 'GET') return { data: siblings, meta: { current_page: 1, last_page: 1, per_page: 100, total: 2 } };
    if (url.pathname === '/api/dashboard/product-sessions/5' && method === 'GET') return { data: session };
    if (url.pathname === '/api/dashboard/product-sessions/5/unlocks' && method === 'GET') return { data: [unlock] };
    if (url.pathname === '/api/dashboard/product-sessions/5/unlocks' && method === 'PUT') {
      return { status: 422, body: { message: 'خطا', errors: { buyer: ['خریداری از این دوره با این ایمیل یافت نشد؛ ایمیل کامل خریدار را بنویسید.'] } } };
    }
    if (url.pathname === '/api/dashboard/product-sessions/5' && method === 'PUT') {
      saved.push({ request, fields: await multipartFields(request) });
      return { status: 200, body: { data: session } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  saved.splice(0);
  session = aSession({});
});

const renderForm = () =>
  renderDashboardForm('/dashboard/product-sessions/5', {
    '/dashboard/product-sessions': <h1>فهرست جلسه‌ها</h1>,
    '/dashboard/product-sessions/:editProductSessiontId': <SessionFormPage />,
  });

describe('the session form’s schedule (issue 37 item 5)', () => {
  it('shows the stored «7 days after purchase» and prerequisite, and sends them back as multipart', async () => {
    session = aSession({ release: 'days_after_purchase', release_days: 7, prerequisite_session_id: 4 });
    renderForm();
    const days = (await screen.findByRole('textbox', { name: 'تعداد روز پس از خرید' })) as HTMLInputElement;
    expect(days.value).toBe('۷');
    expect((screen.getByRole('radio', { name: 'چند روز پس از خرید' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'جلسهٔ پیش‌نیاز' }).textContent).toBe('جلسه چهارم'));
    await userEvent.click(screen.getByRole('combobox', { name: 'جلسهٔ پیش‌نیاز' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['بدون پیش‌نیاز', 'جلسه چهارم']);
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'جلسه چهارم' }));
    await userEvent.clear(days);
    await userEvent.type(days, '۱۴');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست جلسه‌ها' }, { timeout: 5000 })).toBeTruthy();
    expect(saved[0]!.fields).toMatchObject({ release: 'days_after_purchase', release_days: '14', prerequisite_session_id: '4' });
    expect(saved[0]!.fields).not.toHaveProperty('release_date');
  });

  it('asks for the days with a Persian error and hides them for «at once»', async () => {
    renderForm();
    await userEvent.click(await screen.findByRole('radio', { name: 'چند روز پس از خرید' }));
    const days = screen.getByRole('textbox', { name: 'تعداد روز پس از خرید' });
    await userEvent.type(days, '۴۰۰');
    await userEvent.tab();
    expect(await screen.findByText('تعداد روز پس از خرید نباید بیشتر از ۳۶۵ باشد')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'همان لحظهٔ خرید' }));
    expect(screen.queryByRole('textbox', { name: 'تعداد روز پس از خرید' })).toBeNull();
  });

  it('lists the buyers whose lock staff lifted and shows the server’s error under the buyer field', async () => {
    renderForm();
    const section = await screen.findByRole('region', { name: 'باز کردن قفل برای یک خریدار' });
    expect(await within(section).findByText(/مریم رضایی/)).toBeTruthy();
    expect(within(section).getByText(/باز شده است · درخواست پشتیبانی · به دست مدیر سایت/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'برگرداندن قاعدهٔ جلسه برای مریم رضایی' })).toBeTruthy();
    await userEvent.type(within(section).getByRole('textbox', { name: 'ایمیل خریدار' }), 'nobody@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'ثبت برای این خریدار' }));
    expect(await within(section).findByText('خریداری از این دوره با این ایمیل یافت نشد؛ ایمیل کامل خریدار را بنویسید.')).toBeTruthy();
  });
});
