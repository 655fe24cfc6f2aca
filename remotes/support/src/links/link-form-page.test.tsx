/** @jest-environment-options {"url": "http://127.0.0.1:25237"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Link } from '@shop/contracts';
import { renderDashboardForm, startApiServer, type RecordedRequest } from '@shop/test-utils';
import LinkFormPage from './link-form-page';

const stored: Link = { id: 4, type: 'question', title: 'چطور با شما تماس بگیرم؟', text: 'از صفحه تماس با ما تیکت بفرستید.' };
let saveAnswer: { status: number; body: unknown } | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25237, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/links/4' && method === 'GET') return { data: stored };
    if (/^\/api\/dashboard\/links(\/4)?$/.test(url.pathname) && (method === 'POST' || method === 'PUT')) {
      return saveAnswer ?? { status: method === 'POST' ? 201 : 200, body: { message: 'پیوند ذخیره شد.', data: { ...stored, ...(json as object) } } };
    }
    if (url.pathname === '/api/dashboard/links' && method === 'GET') return { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  saveAnswer = null;
});

const writes = (): RecordedRequest[] => api.seen.filter((r) => r.method !== 'GET');
const renderForm = (url: string) =>
  renderDashboardForm(url, {
    '/dashboard/links/add-link': <LinkFormPage />,
    '/dashboard/links/:editLinkId': <LinkFormPage />,
    '/dashboard/links': <output>links list</output>,
  });
const text = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const chooseType = async (label: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: 'نوع' }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

describe('add link (/dashboard/links/add-link)', () => {
  it('starts as a question with its answer, and says in Persian what is missing', async () => {
    renderForm('/dashboard/links/add-link');
    expect(screen.getByRole('heading', { level: 1, name: 'افزودن پیوند یا پرسش' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'نوع' }).textContent).toBe('پرسش (سایر پرسش‌ها)');
    expect(text('پاسخ').tagName).toBe('TEXTAREA');
    await save();
    expect(await screen.findByText('عنوان الزامی است')).toBeTruthy();
    expect(screen.getByText('متن الزامی است')).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('for a footer link, names the text the address, left to right, and refuses a javascript: address', async () => {
    renderForm('/dashboard/links/add-link');
    await chooseType('پیوند پایین صفحه');
    expect(text('نشانی').getAttribute('dir')).toBe('ltr');
    expect(screen.queryByRole('textbox', { name: 'پاسخ' })).toBeNull();
    await userEvent.type(text('عنوان پیوند'), 'گیت‌هاب');
    await userEvent.type(text('نشانی'), 'javascript:alert(1)');
    await save();
    expect(await screen.findByText('نشانی اینترنتی باید یک نشانی اینترنتی معتبر باشد')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(text('نشانی'));
    await userEvent.type(text('نشانی'), 'https://github.com/neveshtar');
    await save();
    expect(await screen.findByText('links list')).toBeTruthy();
    expect(await screen.findByText('ذخیره شد.')).toBeTruthy();
    expect(writes().map((r) => [r.method, r.url.pathname, r.json])).toEqual([
      ['POST', '/api/dashboard/links', { title: 'گیت‌هاب', text: 'https://github.com/neveshtar', type: 'link' }],
    ]);
  });

  it("shows the server's 422 under the fields and keeps what was typed", async () => {
    saveAnswer = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { type: ['نوع پیوند معتبر نیست'] } } };
    renderForm('/dashboard/links/add-link');
    await chooseType('پرسش درباره دوره‌ها');
    await userEvent.type(text('پرسش'), 'گواهی می‌دهید؟');
    await userEvent.type(text('پاسخ'), 'بله.');
    await save();
    expect(await screen.findByText('نوع پیوند معتبر نیست')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'نوع' }).textContent).toBe('پرسش درباره دوره‌ها');
    expect(text('پرسش').value).toBe('گواهی می‌دهید؟');
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
  });
});

describe('edit link (/dashboard/links/:editLinkId)', () => {
  it('loads the entry and saves the change with a PUT', async () => {
    renderForm('/dashboard/links/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'ویرایش پیوند یا پرسش' })).toBeTruthy();
    expect(text('پرسش').value).toBe('چطور با شما تماس بگیرم؟');
    await userEvent.type(text('پاسخ'), ' یا ایمیل بزنید.');
    await save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.method).toBe('PUT');
    expect(writes()[0]!.url.pathname).toBe('/api/dashboard/links/4');
    expect(writes()[0]!.json).toEqual({ title: stored.title, text: 'از صفحه تماس با ما تیکت بفرستید. یا ایمیل بزنید.', type: 'question' });
    expect(await screen.findByText('links list')).toBeTruthy();
  });
});
