/** @jest-environment-options {"url": "http://127.0.0.1:25150"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import supportModule from '../module';
import { aSiteInformation } from '../site-information/site-information-fixture';
import ContactUsPage from './contact-us-page';

let ticketsEnabled = true;
let answerTicket: (body: { title: string; text: string }) => { status: number; body: unknown };

const info = () => aSiteInformation({ tickets_enabled: ticketsEnabled });

const created = (body: { title: string; text: string }) => ({
  status: 201,
  body: {
    message: 'پیام شما ثبت شد؛ به‌زودی پاسخ می‌دهیم.',
    data: {
      id: 9,
      user_id: 7,
      user_name: 'سارا محمدی',
      user_email: 'sara@example.com',
      user_mobile: '+989121234567',
      title: body.title,
      is_read: false,
      text: body.text,
      created_at: '2026-11-22T11:00:00Z',
    },
  },
});

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25150, ({ method, url, json }) => {
    if (url.pathname === '/api/site-information') return { data: info() };
    if (method === 'POST' && url.pathname === '/api/tickets') return answerTicket(json as { title: string; text: string });
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  ticketsEnabled = true;
  answerTicket = created;
});

const posts = () => api.seen.filter((r) => r.method === 'POST' && r.url.pathname === '/api/tickets');
const subject = () => screen.getByRole('textbox', { name: 'موضوع' });
const message = () => screen.getByRole('textbox', { name: 'متن پیام' });
const renderContactUs = () => renderPage(<ContactUsPage />, { url: '/contact-us', user: aUser() });

describe('ContactUsPage (/contact-us)', () => {
  it('is a public route behind the email-verified guard', () => {
    expect(supportModule.publicRoutes.find((route) => route.path === '/contact-us')?.guard).toBe('email-verified');
  });

  it('sends the title and text, then confirms and clears the form', async () => {
    const user = userEvent.setup();
    renderContactUs();
    expect(screen.getByRole('heading', { level: 1, name: 'تماس با ما' })).toBeTruthy();
    await user.type(await screen.findByRole('textbox', { name: 'موضوع' }), '  سؤال درباره دوره ');
    await user.type(message(), 'آیا این دوره گواهی پایان دوره هم دارد؟');
    expect(message().tagName).toBe('TEXTAREA');
    await user.click(screen.getByRole('button', { name: 'ارسال پیام' }));
    expect(await screen.findByText('پیام شما ثبت شد؛ به‌زودی پاسخ می‌دهیم.')).toBeTruthy();
    // The answer comes by mail and in the profile's «پیام‌های من» (issue 32 item 3).
    expect(screen.getByRole('link', { name: 'دیدن پیام‌های من' }).getAttribute('href')).toBe('/profile#tickets');
    expect(posts().map((r) => r.json)).toEqual([{ title: 'سؤال درباره دوره', text: 'آیا این دوره گواهی پایان دوره هم دارد؟' }]);
    expect((subject() as HTMLInputElement).value).toBe('');
    expect((message() as HTMLTextAreaElement).value).toBe('');
  });

  it('checks the fields with ticketSchema before sending', async () => {
    const user = userEvent.setup();
    renderContactUs();
    await user.type(await screen.findByRole('textbox', { name: 'موضوع' }), 'ab');
    await user.type(message(), 'کوتاه');
    await user.click(screen.getByRole('button', { name: 'ارسال پیام' }));
    expect(await screen.findByText('موضوع باید دست‌کم ۳ نویسه باشد')).toBeTruthy();
    expect(screen.getByText('متن پیام باید دست‌کم ۱۰ نویسه باشد')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("shows the server's field errors under the fields and keeps what was typed", async () => {
    answerTicket = () => ({
      status: 422,
      body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { title: ['این موضوع را سرور نپذیرفت'] } },
    });
    const user = userEvent.setup();
    renderContactUs();
    await user.type(await screen.findByRole('textbox', { name: 'موضوع' }), 'موضوعی معتبر');
    await user.type(message(), 'متنی که به اندازه کافی بلند است.');
    await user.click(screen.getByRole('button', { name: 'ارسال پیام' }));
    expect(await screen.findByText('این موضوع را سرور نپذیرفت')).toBeTruthy();
    expect(subject().getAttribute('aria-invalid')).toBe('true');
    expect((subject() as HTMLInputElement).value).toBe('موضوعی معتبر');
    expect(posts()).toHaveLength(1);
  });

  it('shows a notice instead of the form when tickets are closed', async () => {
    ticketsEnabled = false;
    renderContactUs();
    expect(await screen.findByText(/ارسال تیکت در حال حاضر بسته است/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'موضوع' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ارسال پیام' })).toBeNull();
  });

  it('shows the notice when the server answers that tickets are closed', async () => {
    answerTicket = () => ({ status: 403, body: { message: 'forbidden: ارسال تیکت در حال حاضر بسته است.' } });
    const user = userEvent.setup();
    renderContactUs();
    await user.type(await screen.findByRole('textbox', { name: 'موضوع' }), 'موضوعی معتبر');
    await user.type(message(), 'متنی که به اندازه کافی بلند است.');
    await user.click(screen.getByRole('button', { name: 'ارسال پیام' }));
    expect(await screen.findByText(/ارسال تیکت در حال حاضر بسته است/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'موضوع' })).toBeNull());
  });
});
