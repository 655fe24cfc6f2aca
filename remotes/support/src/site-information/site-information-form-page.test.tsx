/** @jest-environment-options {"url": "http://127.0.0.1:25231"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TiptapEditorHTMLElement } from '@tiptap/react';
import type { SiteInformation } from '@shop/contracts';
import { siteInformationApi } from '@shop/api-client';
import { aUser, renderPage, startApiServer, stubLayoutForEditor } from '@shop/test-utils';
import supportModule from '../module';
import { aSiteInformation } from './site-information-fixture';
import SiteInformationFormPage from './site-information-form-page';

stubLayoutForEditor();

let stored: SiteInformation = aSiteInformation();
let saveAnswer: { status: number; body: unknown } | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25231, ({ method, url, json }) => {
    if (url.pathname === '/api/site-information') return { data: stored };
    if (url.pathname !== '/api/dashboard/site-information') return undefined;
    if (method === 'PUT') {
      if (saveAnswer) return saveAnswer;
      // The server stores the about-me text sanitized and the phone in E.164.
      const body = json as SiteInformation;
      stored = { ...stored, ...body, about_me: body.about_me.replace(/<script[\s\S]*?<\/script>/g, ''), contact_phone: body.contact_phone && '+989351112233' };
      return { message: 'اطلاعات سایت ذخیره شد.', data: stored };
    }
    return { data: stored };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  stored = aSiteInformation();
  saveAnswer = null;
});

const puts = () => api.seen.filter((r) => r.method === 'PUT').map((r) => r.json as Record<string, unknown>);
const renderForm = () => renderPage(<SiteInformationFormPage />, { url: '/dashboard/site-information', user: aUser({ status: 'super' }) });
const text = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const save = () => userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
/** Replaces a field's text at once (a paste: this big form validates on every keystroke). */
async function fill(name: string, value: string) {
  await userEvent.clear(text(name));
  await userEvent.paste(value);
}
/** The form, once the record and the about-me editor (loaded on demand) are there. */
async function loaded() {
  const aboutMe = await screen.findByRole('textbox', { name: 'درباره من' }, { timeout: 10_000 });
  return (aboutMe as TiptapEditorHTMLElement).editor!;
}

describe('site information (/dashboard/site-information)', () => {
  it('is a dashboard route behind manage-site-information, in the navigation', () => {
    expect(supportModule.dashboardRoutes.find((route) => route.path === '/dashboard/site-information')?.permission).toBe('manage-site-information');
    expect(supportModule.dashboardNav.find((item) => item.path === '/dashboard/site-information')).toMatchObject({ label: 'اطلاعات سایت', icon: 'Info' });
  });

  it('shows the stored record: texts, LTR contacts and social links, and the three switches with what each does', async () => {
    renderForm();
    await loaded();
    expect(text('نام سایت').value).toBe('آکادمی نوشتار');
    expect(text('ایمیل تماس').value).toBe('hello@example.com');
    expect(text('ایمیل تماس').getAttribute('dir')).toBe('ltr');
    // Persian digits in the national form (issue 22 item 8).
    expect(text('شماره تماس').value).toBe('۰۹۱۲ ۱۲۳ ۴۵۶۷');
    expect(text('شماره تماس').getAttribute('dir')).toBe('ltr');
    expect(text('تلگرام').value).toBe('https://t.me/neveshtar');
    expect(text('تلگرام').getAttribute('dir')).toBe('ltr');
    expect(text('اینستاگرام').value).toBe('');
    expect(screen.getByText('سلام! من برنامه‌نویس و مدرس هستم.')).toBeTruthy();
    const switches = screen.getByRole('region', { name: 'کلیدهای سایت' });
    expect(within(switches).getAllByRole('switch').map((input) => (input as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(within(switches).getByText(/فرم‌های دیدگاه می‌گویند ارسال دیدگاه بسته است/)).toBeTruthy();
    expect(within(switches).getByText(/صفحه تماس با ما به جای فرم می‌گوید ارسال تیکت بسته است/)).toBeTruthy();
    expect(within(switches).getByText(/سبد خرید و پرداخت پنهان می‌شوند/)).toBeTruthy();
  });

  it('sends the switches and every field in the PUT, then refreshes the site information everywhere', async () => {
    const { store } = renderForm();
    // A part of the site that reads the switches (the contact form, the cart…).
    void store.dispatch(siteInformationApi.endpoints.getSiteInformation.initiate());
    const editor = await loaded();
    await userEvent.click(toggle('ارسال تیکت'));
    await userEvent.click(toggle('فروش دوره‌ها'));
    await fill('شماره تماس', '۰۹۳۵ ۱۱۱ ۲۲۳۳');
    await userEvent.clear(text('نشانی'));
    await userEvent.clear(text('گیت‌هاب'));
    await fill('یوتیوب', 'https://y.be/n');
    act(() => void editor.chain().focus('end').insertContent('<p>خوش آمدید.</p>').run());
    await save();

    expect(await screen.findByText('اطلاعات سایت ذخیره شد.')).toBeTruthy();
    expect(puts()).toEqual([
      {
        site_name: 'آکادمی نوشتار',
        short_description: 'نوشته‌ها، پادکست‌ها و دوره‌های برنامه‌نویسی وب به فارسی.',
        about_me: '<p>سلام! من برنامه‌نویس و مدرس هستم.</p><p>خوش آمدید.</p>',
        contact_email: 'hello@example.com',
        contact_phone: '+989351112233',
        address: null,
        social_links: { telegram: 'https://t.me/neveshtar', youtube: 'https://y.be/n' },
        comments_enabled: true,
        tickets_enabled: false,
        selling_enabled: false,
        vat_percent: 10,
        max_devices: 3,
        device_removals_per_month: 2,
        max_concurrent_streams: 1,
      },
    ]);
    // The form now shows what the server stored, and the public record was read again.
    await waitFor(() => expect(text('شماره تماس').value).toBe('۰۹۳۵ ۱۱۱ ۲۲۳۳'));
    expect(toggle('ارسال تیکت').checked).toBe(false);
    await waitFor(() => expect(api.seen.filter((r) => r.url.pathname === '/api/site-information')).toHaveLength(2));
    // Seen by the server is not yet answered: wait for the answer to reach the store (flaked in CI under load).
    await waitFor(() =>
      expect(siteInformationApi.endpoints.getSiteInformation.select()(store.getState()).data?.data.tickets_enabled).toBe(false),
    );
  });

  it('checks the fields with the shared schema before sending: a name, an email, a mobile, http(s) social links', async () => {
    renderForm();
    await loaded();
    await userEvent.clear(text('نام سایت'));
    await fill('ایمیل تماس', 'hello.ir');
    await fill('شماره تماس', '12345');
    await fill('اینستاگرام', 'ftp://x.ir');
    await save();
    expect(await screen.findByText('نام سایت الزامی است')).toBeTruthy();
    expect(screen.getByText('ایمیل تماس باید یک نشانی ایمیل معتبر باشد')).toBeTruthy();
    expect(screen.getByText('شماره موبایل معتبر نیست')).toBeTruthy();
    expect(screen.getByText('پیوند شبکه اجتماعی باید یک نشانی اینترنتی معتبر باشد')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('shows the VAT rate prices include near the selling switch and sends it as a number (issue 36 item 5)', async () => {
    renderForm();
    await loaded();
    const switches = screen.getByRole('region', { name: 'کلیدهای سایت' });
    const vat = within(switches).getByRole('textbox', { name: 'نرخ مالیات بر ارزش افزوده (درصد)' }) as HTMLInputElement;
    expect(vat.value).toBe('۱۰');
    expect(vat.getAttribute('dir')).toBe('ltr');
    expect(within(switches).getByText(/قیمت‌ها این مالیات را در خود دارند؛ در رسیدها نشان داده می‌شود/)).toBeTruthy();

    await fill('نرخ مالیات بر ارزش افزوده (درصد)', '101');
    await save();
    expect(await screen.findByText('نرخ مالیات بر ارزش افزوده نباید بیشتر از ۱۰۰ باشد')).toBeTruthy();
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    await fill('نرخ مالیات بر ارزش افزوده (درصد)', 'abc');
    await save();
    expect(await screen.findByText('نرخ مالیات بر ارزش افزوده باید یک عدد صحیح باشد')).toBeTruthy();
    expect(puts()).toHaveLength(0);

    await fill('نرخ مالیات بر ارزش افزوده (درصد)', '۹');
    await save();
    expect(await screen.findByText('اطلاعات سایت ذخیره شد.')).toBeTruthy();
    expect(puts()).toEqual([expect.objectContaining({ vat_percent: 9 })]);
    await waitFor(() => expect(vat.value).toBe('۹'));
  });

  it('edits the playback limits of issue 38 with their Persian labels, checked by the shared schema', async () => {
    renderForm();
    await loaded();
    const playback = screen.getByRole('region', { name: 'پخش درس‌ها' });
    const devices = within(playback).getByRole('textbox', { name: 'بیشترین دستگاه هر حساب' }) as HTMLInputElement;
    expect(devices.value).toBe('۳');
    expect(within(playback).getByText(/هر مرورگر یک دستگاه است/)).toBeTruthy();
    await fill('بیشترین دستگاه هر حساب', '0');
    await fill('پخش هم‌زمان هر حساب', '۱۱');
    await save();
    expect(await screen.findByText('بیشترین دستگاه هر حساب نباید کمتر از ۱ باشد')).toBeTruthy();
    expect(screen.getByText('پخش هم‌زمان هر حساب نباید بیشتر از ۱۰ باشد')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    await fill('بیشترین دستگاه هر حساب', '۵');
    await fill('حذف دستگاه در ۳۰ روز', '0');
    await fill('پخش هم‌زمان هر حساب', '2');
    await save();
    expect(await screen.findByText('اطلاعات سایت ذخیره شد.')).toBeTruthy();
    expect(puts()).toEqual([expect.objectContaining({ max_devices: 5, device_removals_per_month: 0, max_concurrent_streams: 2 })]);
  });

  it("shows the server's 422 under the fields, a social link's too, and keeps what was typed", async () => {
    saveAnswer = {
      status: 422,
      body: {
        message: 'اطلاعات وارد شده معتبر نیست.',
        errors: { site_name: ['این نام را سرور نپذیرفت'], 'social_links.telegram': ['پیوند شبکه اجتماعی باید یک نشانی اینترنتی معتبر باشد'] },
      },
    };
    renderForm();
    await loaded();
    await userEvent.type(text('نام سایت'), '!');
    await save();
    expect(await screen.findByText('این نام را سرور نپذیرفت')).toBeTruthy();
    expect(text('نام سایت').getAttribute('aria-invalid')).toBe('true');
    expect(text('نام سایت').value).toBe('آکادمی نوشتار!');
    expect(text('تلگرام').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('پیوند شبکه اجتماعی باید یک نشانی اینترنتی معتبر باشد')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
  });
});
