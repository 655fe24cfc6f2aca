/** @jest-environment-options {"url": "http://127.0.0.1:25401/"} */
import { screen, waitFor } from '@testing-library/react';
import { aUser, currentLocation, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import VerificationPage from './verification-page';

const LINK_INVALID = 'پیوند تأیید ایمیل نامعتبر است یا منقضی شده است.';

// The API as the contract says (shared/contracts accounts.ts): `verify-email` by token, and the
// signed-in user, verified since the link was opened.
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25401, ({ url, json }) => {
    if (url.pathname === '/api/auth/logged-in-user-info') return { data: { user: aUser({ is_email_verified: true }), buyedProducts: [] } };
    if (url.pathname !== '/api/auth/verify-email') return undefined;
    const { token } = json as { token: string };
    if (token === 'good') return { status: 'verified', message: 'ایمیل شما با موفقیت تأیید شد.' };
    if (token === 'again') return { status: 'already-verified', message: 'ایمیل شما قبلاً تأیید شده است.' };
    if (token === 'broken') return { status: 500, body: { message: 'خطای سرور' } };
    return { status: 422, body: { message: LINK_INVALID, errors: { token: [LINK_INVALID] } } };
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const posted = (path: string) => api.seen.filter((r) => r.url.pathname === path);
const routes = { '/verification': <VerificationPage /> };

describe('/verification (SPEC §2, §8)', () => {
  it('says the mail was sent after registering, without calling the API', () => {
    renderInShell('/verification?msg=email-verification-has-been-sent', routes, null);
    expect(screen.getByText(/پیوند تأیید به ایمیل شما فرستاده شد/)).toBeTruthy();
    expect(api.seen).toHaveLength(0);
  });

  it('verifies once under StrictMode and refreshes the signed-in user, who becomes verified', async () => {
    const { store } = renderInShell('/verification?token=good', routes, aUser({ is_email_verified: false }));
    expect(await screen.findByRole('heading', { name: 'ایمیل شما تأیید شد' })).toBeTruthy();
    expect(screen.getByText(/ایمیل شما با موفقیت تأیید شد/)).toBeTruthy();
    await waitFor(() => expect(store.getState().auth.user?.is_email_verified).toBe(true));
    expect(posted('/api/auth/verify-email').map((r) => r.json)).toEqual([{ token: 'good' }]);
    expect(posted('/api/auth/logged-in-user-info')).toHaveLength(1);
  });

  it('does not ask a visitor who opened the link for their account', async () => {
    renderInShell('/verification?token=good', routes, null);
    expect(await screen.findByRole('heading', { name: 'ایمیل شما تأیید شد' })).toBeTruthy();
    expect(posted('/api/auth/logged-in-user-info')).toHaveLength(0);
  });

  it('says when the email was already verified', async () => {
    renderInShell('/verification?token=again', routes, aUser());
    expect(await screen.findByRole('heading', { name: 'ایمیل شما قبلاً تأیید شده است' })).toBeTruthy();
    expect(screen.getByText(/کار دیگری لازم نیست/)).toBeTruthy();
  });

  it('shows an invalid or expired link once, with no toast, and offers a new link to a signed-in user', async () => {
    renderInShell('/verification?token=tampered', routes, aUser({ is_email_verified: false }));
    expect(await screen.findByRole('heading', { name: 'پیوند تأیید معتبر نیست' })).toBeTruthy();
    expect(screen.getAllByText(new RegExp(LINK_INVALID.replace('.', '\\.')))).toHaveLength(1);
    expect(screen.queryByText('اطلاعات وارد شده معتبر نیست؛ لطفاً دقت کنید.')).toBeNull();
    expect(screen.getByRole('link', { name: 'ارسال دوباره ایمیل تأیید' }).getAttribute('href')).toBe('/resend-verification-email');
    expect(posted('/api/auth/verify-email')).toHaveLength(1);
    expect(currentLocation()).toBe('/verification?token=tampered');
  });

  it('sends a visitor with an invalid link to /login for a new one', async () => {
    renderInShell('/verification?token=tampered', routes, null);
    expect(await screen.findByRole('heading', { name: 'پیوند تأیید معتبر نیست' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ورود به حساب' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'ارسال دوباره ایمیل تأیید' })).toBeNull();
  });

  it('shows any other failure in Persian on the page', async () => {
    renderInShell('/verification?token=broken', routes, null);
    expect(await screen.findByRole('heading', { name: 'تأیید ایمیل انجام نشد' })).toBeTruthy();
    expect(screen.getByText('خطای سرور')).toBeTruthy();
  });
});
