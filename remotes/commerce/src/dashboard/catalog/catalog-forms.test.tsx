/** @jest-environment-options {"url": "http://127.0.0.1:25161"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectUploadProgress } from '@shop/api-client';
import type { DashboardProductSession, Product } from '@shop/contracts';
import { findRichTextBox, multipartFields, renderDashboardForm, startApiServer, stubLayoutForEditor, typeInEditor, useBrowserFormData, type RecordedRequest } from '@shop/test-utils';
import ProductFormPage from './product-form-page';
import SessionFormPage from './session-form-page';

useBrowserFormData();
stubLayoutForEditor();

const aProduct = (overrides: Partial<Product>): Product => ({
  id: 1, title: 'دوره ری‌اکت', slug: 'react', description: '<p>دوره</p>', image: '/media/products/1.webp', is_active: true,
  comment_status: 'open', likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  price: 490000, sessions_count: 3, product_status: 'in-progress', forensic_watermark: true, ...overrides,
});

const aSession = (overrides: Partial<DashboardProductSession>): DashboardProductSession => ({
  id: 5, product_id: 1, product_title: 'دوره ری‌اکت', title: 'جلسه پنجم', slug: 'fifth', description: '<p>جلسه</p>', position: 5,
  is_free_preview: false, kind: 'lesson', is_active: true, comment_status: 'open', image: null, has_file: false, file_type: null, file_size: null,
  media_status: 'none', media_progress: 0, media_error: null, media_kind: null, duration_seconds: null, poster: null, has_subtitles: false,
  likes_count: 0, comments_count: 0, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...overrides,
});

/** A stored description with headings, marks, a list item without a paragraph, a left-to-right code block and an image. */
const RICH_DESCRIPTION =
  '<h2>در این جلسه</h2><p>با <strong>هوک‌ها</strong> و <a href="https://react.dev" rel="noopener noreferrer nofollow">مستندات</a> آشنا می‌شویم.</p>' +
  '<ul><li>useState</li><li>useEffect</li></ul><pre dir="ltr"><code>npm install react</code></pre><p><img src="https://example.com/hooks.png" alt="چرخه هوک‌ها" /></p>';

type Answer = { status: number; body: unknown };
let products: Product[] = [];
let session: DashboardProductSession = aSession({});
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
    if (url.pathname === '/api/dashboard/product-sessions/5' && method === 'GET') return { data: session };
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
  session = aSession({});
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
    '/dashboard/product-sessions/:editProductSessiontId': <SessionFormPage />,
  });

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });

/**
 * Writes «سلام **دوره**» in the description's rich-text editor (issue 32 item 4): the toolbar has
 * Persian names and «درشت» turns bold on for what is typed next.
 */
async function writeBoldDescription() {
  const box = await findRichTextBox('توضیحات');
  expect(box.getAttribute('dir')).toBe('rtl');
  const toolbar = screen.getByRole('toolbar', { name: 'ابزارهای قالب‌بندی' });
  expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual([
    'درشت', 'کج', 'زیرخط', 'خط‌خورده', 'کد', 'تیتر', 'زیرتیتر', 'فهرست', 'فهرست شماره‌دار', 'نقل‌قول', 'بلوک کد', 'خط جداکننده', 'چپ‌به‌راست', 'پیوند', 'تصویر',
  ]);
  await userEvent.click(box);
  await typeInEditor('سلام ');
  await userEvent.click(within(toolbar).getByRole('button', { name: 'درشت' }));
  await typeInEditor('دوره');
}

describe('course form (/dashboard/products/add-product)', () => {
  it('sends every field as multipart, the price typed in Persian digits as whole tomans', async () => {
    const { store, progress } = renderForm('/dashboard/products/add-product');
    await userEvent.type(field('عنوان'), 'دوره نود');
    await userEvent.click(screen.getByRole('button', { name: 'پیشنهاد نامک از روی عنوان' }));
    await writeBoldDescription();
    await userEvent.type(field('قیمت (تومان)'), '۱۲۰٬۰۰۰');
    expect(screen.getByText('به تومان، بدون اعشار؛ صفر یعنی رایگان. اکنون: ۱۲۰٬۰۰۰ تومان')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('تصویر'), png());
    await userEvent.click(screen.getByRole('radio', { name: 'تکمیل شده' }));
    await userEvent.click(screen.getByRole('radio', { name: 'فقط خریداران' }));
    // On by default, its cost told beside it (issue 38 item 3).
    const watermark = screen.getByLabelText('واترمارک پنهان در ویدیوها');
    expect(watermark).toHaveProperty('checked', true);
    expect(watermark.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(watermark.getAttribute('aria-describedby')!)?.textContent).toMatch(/تقریباً دو برابر زمان و فضا/);
    await userEvent.click(watermark);
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست دوره‌ها' }, { timeout: 5000 })).toBeTruthy();
    expect(saved[0]!.request.method).toBe('POST');
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/products');
    expect(saved[0]!.fields).toEqual({
      title: 'دوره نود',
      slug: 'dvrh-nvd',
      description: '<p>سلام <strong>دوره</strong></p>',
      price: '120000',
      is_active: 'true',
      product_status: 'done',
      comment_status: 'buyers-only',
      forensic_watermark: 'false',
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
    await writeBoldDescription();
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
      description: '<p>سلام <strong>دوره</strong></p>',
      position: '3',
      is_free_preview: 'true',
      kind: 'lesson',
      is_active: 'true',
      comment_status: 'open',
      release: 'none',
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
    await userEvent.click(await findRichTextBox('توضیحات'));
    await typeInEditor('جلسه');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(screen.getAllByText('ابتدا یک دوره بسازید.').length).toBeGreaterThan(0));
  });
});

describe('description editor of the course and session forms (issue 32 item 4)', () => {
  it('loads a course’s stored description into the editor and sends it back unchanged when it is not edited', async () => {
    products = [aProduct({ description: RICH_DESCRIPTION }), ...products.slice(1)];
    renderForm('/dashboard/products/1');
    const box = await findRichTextBox('توضیحات');
    expect(within(box).getByRole('heading', { level: 2, name: 'در این جلسه' })).toBeTruthy();
    expect(within(box).getByText('هوک‌ها').tagName).toBe('STRONG');
    expect(within(box).getByRole('link', { name: 'مستندات' }).getAttribute('href')).toBe('https://react.dev');
    expect(within(box).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['useState', 'useEffect']);
    expect(within(box).getByText('npm install react').closest('pre')!.getAttribute('dir')).toBe('ltr');
    expect(within(box).getByRole('img', { name: 'چرخه هوک‌ها' }).getAttribute('src')).toBe('https://example.com/hooks.png');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست دوره‌ها' }, { timeout: 5000 })).toBeTruthy();
    expect(saved[0]!.request.method).toBe('PUT');
    expect(saved[0]!.fields.description).toBe(RICH_DESCRIPTION);
  });

  it('loads a session’s stored description, and an edit keeps its list, code block and image', async () => {
    session = aSession({ description: RICH_DESCRIPTION });
    renderForm('/dashboard/product-sessions/5');
    const box = await findRichTextBox('توضیحات');
    expect(within(box).getByRole('heading', { level: 2, name: 'در این جلسه' })).toBeTruthy();
    await userEvent.click(box);
    await typeInEditor('«');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByRole('heading', { name: 'فهرست جلسه‌ها' }, { timeout: 5000 })).toBeTruthy();
    expect(saved[0]!.request.url.pathname).toBe('/api/dashboard/product-sessions/5');
    expect(saved[0]!.fields.description).toBe(
      '<h2>«در این جلسه</h2><p>با <strong>هوک‌ها</strong> و <a rel="noopener noreferrer nofollow" href="https://react.dev">مستندات</a> آشنا می‌شویم.</p>' +
        '<ul><li><p>useState</p></li><li><p>useEffect</p></li></ul><pre dir="ltr"><code>npm install react</code></pre><p><img src="https://example.com/hooks.png" alt="چرخه هوک‌ها"></p>',
    );
  });

  it('shows the course’s required description error under the editor and sends nothing', async () => {
    renderForm('/dashboard/products/add-product');
    const box = await findRichTextBox('توضیحات');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    const error = await screen.findByText('توضیحات الزامی است');
    expect(box.getAttribute('aria-describedby')).toBe(error.id);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });

  it('shows the session’s too-long description error under the editor and sends nothing', async () => {
    session = aSession({ description: `<p>${'ا'.repeat(50_000)}</p>` });
    renderForm('/dashboard/product-sessions/5');
    const box = await findRichTextBox('توضیحات');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    const error = await screen.findByText(/^توضیحات باید حداکثر .+ نویسه باشد$/);
    expect(box.getAttribute('aria-describedby')).toBe(error.id);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);
  });
});
