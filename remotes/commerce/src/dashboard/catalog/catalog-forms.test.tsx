/** @jest-environment-options {"url": "http://127.0.0.1:25161"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectUploadProgress } from '@shop/api-client';
import type { Product } from '@shop/contracts';
import { multipartFields, renderDashboardForm, startApiServer, useBrowserFormData, type RecordedRequest } from '@shop/test-utils';
import ProductFormPage from './product-form-page';
import SessionFormPage from './session-form-page';

useBrowserFormData();

const aProduct = (overrides: Partial<Product>): Product => ({
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', ...overrides,
});

type Answer = { status: number; body: unknown };
let products: Product[] = [];
let saveAnswer: Answer = { status: 201, body: { data: { id: 9 } } };
const saved: Array<{ request: RecordedRequest; fields: Record<string, string> }> = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25161, async (request) => {
    const { method, url } = request;
    if (url.pathname === '/api/dashboard/products' && method === 'GET') {
      return { data: products, meta: { current_page: 1, last_page: 1, per_page: 100, total: products.length } };
    }
    if (url.pathname === '/api/dashboard/products/1' && method === 'GET') return { data: products[0] };
    if (/^\/api\/dashboard\/(products|product-sessions)(\/\d+)?$/.test(url.pathname) && (method === 'POST' || method === 'PUT')) {
      saved.push({ request, fields: await multipartFields(request) });
      return saveAnswer;
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  saved.splice(0);
  products = [aProduct({}), aProduct({ id: 2, title: 'دوره تایپ‌اسکریپت', slug: 'ts' })];
  saveAnswer = { status: 201, body: { data: { id: 9 } } };
});

/** Mounts the form pages (and the lists they return to) as the shell's dashboard would. */
const renderForm = (url: string) =>
  renderDashboardForm(url, {
    '/dashboard/products': <h1>فهرست دوره‌ها</h1>,
    '/dashboard/products/add-product': <ProductFormPage />,
    '/dashboard/products/:editProductId': <ProductFormPage />,
    '/dashboard/product-sessions': <h1>فهرست جلسه‌ها</h1>,
    '/dashboard/product-sessions/add-session': <SessionFormPage />,
  });

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

describe('course form (/dashboard/products/add-product)', () => {
  it('sends every field as multipart, the price typed in Persian digits as whole tomans', async () => {
    const { store, progress } = renderForm('/dashboard/products/add-product');
    await userEvent.type(field('عنوان'), 'دوره نود');
    await userEvent.click(screen.getByRole('button', { name: 'پیشنهاد نامک از روی عنوان' }));
    await userEvent.type(field('توضیحات (HTML)'), '<p>سلام</p>');
    await userEvent.type(field('قیمت (تومان)'), '۱۲۰٬۰۰۰');
    expect(screen.getByText('به تومان، بدون اعشار؛ صفر یعنی رایگان. اکنون: ۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('تصویر'), png());
    await userEvent.click(screen.getByRole('radio', { name: 'تکمیل شده' }));
    await userEvent.click(screen.getByRole('radio', { name: 'فقط خریداران' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست دوره‌ها' }, { timeout: 5000 })).toBeTruthy();
    expect(saved[0]!.request.method).toBe('POST');
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/products');
    expect(saved[0]!.fields).toEqual({
      title: 'دوره نود',
      slug: 'dvrh-nvd',
      description: '<p>سلام</p>',
      price: '120000',
      is_active: 'true',
      product_status: 'done',
      comment_status: 'buyers-only',
      image: 'cover.png 4 image/png',
    });
    expect(progress).toContain(100);
    expect(selectUploadProgress(store.getState())).toBe(0);
  });

  it('checks the price on blur and shows «رایگان» for zero', async () => {
    renderForm('/dashboard/products/add-product');
    await userEvent.type(field('قیمت (تومان)'), 'abc');
    await userEvent.tab();
    expect(await screen.findByText('قیمت باید یک عدد صحیح باشد')).toBeTruthy();
    await userEvent.clear(field('قیمت (تومان)'));
    await userEvent.type(field('قیمت (تومان)'), '0');
    expect(screen.getByText('به تومان، بدون اعشار؛ صفر یعنی رایگان. اکنون: رایگان')).toBeTruthy();
  });

  it("edits with PUT and shows the server's 422 under the field", async () => {
    saveAnswer = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { slug: ['این نامک قبلاً استفاده شده است.'] } } };
    renderForm('/dashboard/products/1');
    expect(await screen.findByDisplayValue('دوره ری‌اکت')).toBeTruthy();
    // Grouped in Persian digits (issue 22 item 8).
    expect(field('قیمت (تومان)').value).toBe('۴۹۰٬۰۰۰');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('این نامک قبلاً استفاده شده است.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(saved[0]!.request.method).toBe('PUT');
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/products/1');
    expect(saved[0]!.fields.image).toBeUndefined();
  });
});

describe('session form (/dashboard/product-sessions/add-session)', () => {
  it('says to make a course first when there is none', async () => {
    products = [];
    renderForm('/dashboard/product-sessions/add-session');
    expect(await screen.findByText('ابتدا یک دوره بسازید')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'افزودن دوره' }).getAttribute('href')).toBe('/dashboard/products/add-product');
    expect(screen.queryByRole('button', { name: 'ذخیره' })).toBeNull();
  });

  it('saves with progress in percent and sends the course, position, flags and image; the lesson comes after saving', async () => {
    const { store, progress } = renderForm('/dashboard/product-sessions/add-session');
    await userEvent.click(await screen.findByRole('combobox', { name: 'دوره' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'دوره تایپ‌اسکریپت' }));
    await userEvent.type(field('عنوان'), 'جلسه سوم');
    await userEvent.type(field('نامک (در نشانی صفحه)'), 'third');
    await userEvent.type(field('شماره جلسه'), '۳');
    await userEvent.type(field('توضیحات (HTML)'), '<p>جلسه</p>');
    expect(screen.getByText('پس از ذخیره جلسه، فایل درس را در صفحه ویرایش آن بارگذاری کنید.')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('تصویر'), png());
    await userEvent.upload(screen.getByLabelText('زیرنویس فارسی (WebVTT)'), new File(['WEBVTT\n'], 'fa.vtt', { type: 'text/vtt' }));
    await userEvent.click(screen.getByRole('switch', { name: 'پیش‌نمایش رایگان (همه کاربران واردشده می‌توانند آن را ببینند)' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست جلسه‌ها' }, { timeout: 5000 })).toBeTruthy();
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/product-sessions');
    expect(saved[0]!.fields).toEqual({
      product_id: '2',
      title: 'جلسه سوم',
      slug: 'third',
      description: '<p>جلسه</p>',
      position: '3',
      is_free_preview: 'true',
      is_active: 'true',
      comment_status: 'open',
      image: expect.stringMatching(/\.png \d+ image\/png$/),
      subtitles: 'fa.vtt 7 text/vtt',
    });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((percent) => percent >= 0 && percent <= 100)).toBe(true);
    expect(progress).toContain(100);
    expect(selectUploadProgress(store.getState())).toBe(0);
  });

  it("shows the server's 422 when no course exists after all", async () => {
    saveAnswer = { status: 422, body: { message: 'ابتدا یک دوره بسازید.', errors: { product_id: ['ابتدا یک دوره بسازید.'] } } };
    renderForm('/dashboard/product-sessions/add-session');
    await userEvent.click(await screen.findByRole('combobox', { name: 'دوره' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'دوره ری‌اکت' }));
    await userEvent.type(field('عنوان'), 'جلسه اول');
    await userEvent.type(field('نامک (در نشانی صفحه)'), 'first');
    await userEvent.type(field('شماره جلسه'), '1');
    await userEvent.type(field('توضیحات (HTML)'), '<p>جلسه</p>');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(screen.getAllByText('ابتدا یک دوره بسازید.').length).toBeGreaterThan(0));
  });
});
