/** @jest-environment-options {"url": "http://127.0.0.1:25792"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstalmentPlan, Product } from '@shop/contracts';
import { renderDashboardForm, startApiServer, stubLayoutForEditor } from '@shop/test-utils';
import ProductFormPage from './product-form-page';

stubLayoutForEditor();

const DAYS_REFUSED = 'فاصله قسط‌ها با این دوره جور نیست.';
const course: Product = {
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true,
};
const aPlan = (overrides: Partial<InstalmentPlan> = {}): InstalmentPlan => ({
  id: 5, product_id: 1, parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0, grace_days: 7, is_active: true, ...overrides,
});

let plans: InstalmentPlan[] = [];
let saveRefusal: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25792, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/products/1' && method === 'GET') return { data: course };
    if (url.pathname === '/api/dashboard/products/1/instalment-plans') {
      if (method === 'GET') return { data: plans };
      if (saveRefusal) return saveRefusal;
      const plan = aPlan({ ...(json as Partial<InstalmentPlan>), id: 9 });
      plans = [...plans, plan];
      return { status: 201, body: { message: 'طرح اقساط افزوده شد.', data: plan } };
    }
    const one = /^\/api\/dashboard\/products\/1\/instalment-plans\/(\d+)$/.exec(url.pathname);
    if (one && method === 'PUT') {
      const plan = aPlan({ ...(json as Partial<InstalmentPlan>), id: Number(one[1]) });
      plans = plans.map((p) => (p.id === plan.id ? plan : p));
      return { message: 'طرح اقساط ذخیره شد.', data: plan };
    }
    if (one && method === 'DELETE') {
      plans = plans.filter((p) => p.id !== Number(one[1]));
      return { message: 'طرح اقساط حذف شد.' };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  plans = [];
  saveRefusal = null;
});

const renderEdit = () => renderDashboardForm('/dashboard/products/1', { '/dashboard/products/:editProductId': <ProductFormPage /> });
const section = () => screen.getByRole('region', { name: 'طرح‌های اقساط' });
const planForm = () => within(section()).getByRole('form');
const field = (name: string) => within(planForm()).getByRole('textbox', { name }) as HTMLInputElement;
const fill = async (name: string, text: string) => {
  await userEvent.clear(field(name));
  await userEvent.type(field(name), text);
};
const writes = () => api.seen.filter((r) => r.url.pathname.includes('/instalment-plans') && r.method !== 'GET').map((r) => ({ method: r.method, path: r.url.pathname, body: r.json }));
const table = () => within(section()).getByRole('table', { name: 'طرح‌های اقساط این دوره' });
const rowsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe("a course's plans on its edit page (issue 36 item 2)", () => {
  it("lists the course's plans with their terms, surcharge, grace and state", async () => {
    plans = [aPlan(), aPlan({ id: 6, parts: 4, first_share_percent: 25, days_between: 15, surcharge: 30000, grace_days: 0, is_active: false })];
    renderEdit();
    expect(await screen.findByRole('heading', { level: 2, name: 'طرح‌های اقساط' })).toBeTruthy();
    await waitFor(() => expect(rowsOf(table())).toEqual([
      ['۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز', 'بدون افزایش', '۷ روز', 'فعال', ''],
      ['۴ قسط، ۲۵٪ پیش‌پرداخت، هر ۱۵ روز', '۳۰٬۰۰۰ تومان', '۰ روز', 'غیرفعال', ''],
    ]));
  });

  it("shows the shared schema's Persian errors under the fields and sends nothing, then a sample schedule as the plan becomes valid", async () => {
    renderEdit();
    await screen.findByRole('heading', { level: 2, name: 'طرح‌های اقساط' });
    await waitFor(() => expect(within(table()).getByText('هنوز طرح اقساطی برای این دوره ساخته نشده است.')).toBeTruthy());
    await fill('تعداد قسط‌ها', '۱');
    await fill('درصد پیش‌پرداخت', '۱۰۰');
    await fill('مهلت پس از سررسید (روز)', '۹۰');
    await userEvent.click(within(planForm()).getByRole('button', { name: 'افزودن طرح' }));
    expect(await within(planForm()).findByText('تعداد قسط‌ها نباید کمتر از ۲ باشد')).toBeTruthy();
    expect(within(planForm()).getByText('درصد پیش‌پرداخت نباید بیشتر از ۹۹ باشد')).toBeTruthy();
    expect(within(planForm()).getByText('فاصله قسط‌ها (روز) الزامی است')).toBeTruthy();
    expect(within(planForm()).getByText('مهلت پس از سررسید (روز) نباید بیشتر از ۶۰ باشد')).toBeTruthy();
    expect(within(planForm()).getByText('با پر کردن درست فیلدها، جدول نمونه قسط‌ها این‌جا نشان داده می‌شود.')).toBeTruthy();
    expect(writes()).toEqual([]);

    await fill('تعداد قسط‌ها', '۳');
    await fill('درصد پیش‌پرداخت', '۴۰');
    await fill('فاصله قسط‌ها (روز)', '۳۰');
    await fill('مهلت پس از سررسید (روز)', '۷');
    await fill('افزایش قیمت اقساطی (تومان)', '۱۰۰۰۰');
    expect(field('افزایش قیمت اقساطی (تومان)').value).toBe('۱۰٬۰۰۰');
    const sample = await within(planForm()).findByRole('table', { name: 'نمونه جدول قسط‌ها برای قیمت کنونی دوره (۴۹۰٬۰۰۰ تومان) اگر امروز خریده شود' });
    const rows = rowsOf(sample);
    expect(rows.map(([number, amount]) => [number, amount])).toEqual([
      ['۱', '۲۰۰٬۰۰۰ تومان'],
      ['۲', '۱۵۰٬۰۰۰ تومان'],
      ['۳', '۱۵۰٬۰۰۰ تومان'],
    ]);
    expect(rows[0]![2]).toBe('امروز');
    expect(rows[1]![2]).toMatch(/^[۰-۹]+ [^ ]+ [۰-۹]{4}$/);
    expect(within(planForm()).getByText('جمع: ۵۰۰٬۰۰۰ تومان')).toBeTruthy();
  });

  it("keeps what was typed when the server refuses a field, then adds the plan and lists it", async () => {
    saveRefusal = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { days_between: [DAYS_REFUSED] } } };
    renderEdit();
    await screen.findByRole('heading', { level: 2, name: 'طرح‌های اقساط' });
    await fill('تعداد قسط‌ها', '۳');
    await fill('درصد پیش‌پرداخت', '۴۰');
    await fill('فاصله قسط‌ها (روز)', '۳۰');
    await userEvent.click(within(planForm()).getByRole('button', { name: 'افزودن طرح' }));
    expect(await within(planForm()).findByText(DAYS_REFUSED)).toBeTruthy();
    expect(field('فاصله قسط‌ها (روز)').getAttribute('aria-invalid')).toBe('true');
    expect(field('تعداد قسط‌ها').value).toBe('۳');

    saveRefusal = null;
    await userEvent.click(within(planForm()).getByRole('button', { name: 'افزودن طرح' }));
    expect(await screen.findByText('طرح اقساط افزوده شد.')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/dashboard/products/1/instalment-plans', body: { parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0, grace_days: 7, is_active: true } },
      { method: 'POST', path: '/api/dashboard/products/1/instalment-plans', body: { parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0, grace_days: 7, is_active: true } },
    ]);
    await waitFor(() => expect(rowsOf(table())).toEqual([['۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز', 'بدون افزایش', '۷ روز', 'فعال', '']]));
    // The form is empty again for the next plan.
    expect(field('تعداد قسط‌ها').value).toBe('');
  });

  it('changes a plan in the form (PUT) and deletes one after a confirmation', async () => {
    plans = [aPlan(), aPlan({ id: 6, parts: 4, first_share_percent: 25, days_between: 15 })];
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'ویرایش طرح «۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز»' }));
    expect(within(section()).getByRole('form', { name: 'ویرایش طرح اقساط' })).toBeTruthy();
    expect(field('درصد پیش‌پرداخت').value).toBe('۴۰');
    await fill('افزایش قیمت اقساطی (تومان)', '20000');
    await userEvent.click(within(section()).getByRole('switch', { name: 'فعال (به خریداران پیشنهاد شود)' }));
    await userEvent.click(within(planForm()).getByRole('button', { name: 'ذخیره طرح' }));
    expect(await screen.findByText('طرح اقساط ذخیره شد.')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'PUT', path: '/api/dashboard/products/1/instalment-plans/5', body: { parts: 3, first_share_percent: 40, days_between: 30, surcharge: 20000, grace_days: 7, is_active: false } },
    ]);
    await waitFor(() => expect(rowsOf(table())[0]).toEqual(['۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز', '۲۰٬۰۰۰ تومان', '۷ روز', 'غیرفعال', '']));
    expect(within(section()).getByRole('form', { name: 'افزودن طرح اقساط' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'حذف طرح «۴ قسط، ۲۵٪ پیش‌پرداخت، هر ۱۵ روز»' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف طرح «۴ قسط، ۲۵٪ پیش‌پرداخت، هر ۱۵ روز»؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'حذف طرح' }));
    expect(await screen.findByText('طرح اقساط حذف شد.')).toBeTruthy();
    expect(writes()[1]).toEqual({ method: 'DELETE', path: '/api/dashboard/products/1/instalment-plans/6', body: undefined });
    await waitFor(() => expect(rowsOf(table())).toHaveLength(1));
  });
});
