/** @jest-environment-options {"url": "http://127.0.0.1:25404/"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, currentLocation, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import { RequireDashboard } from '../auth/guards';
import { useResendVerificationEmailMutation } from '../auth/auth-api';
import { useSessionBootstrap } from '../auth/use-session';
import ResendVerificationEmailPage from '../pages/resend-verification-email-page';

const TOKEN_EXPIRED = 'نشست شما منقضی شده است؛ لطفاً دوباره وارد شوید.';
const LOGIN_NEEDED = 'برای استفاده از این امکان ابتدا وارد حساب خود شوید.';

// The server after the token was revoked (password reset elsewhere) or expired: every
// signed-in call answers 401 with the token-expired message (shared/contracts accounts.ts).
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25404, ({ url }) => (url.pathname.startsWith('/api/') ? { status: 401, body: { message: TOKEN_EXPIRED } } : undefined));
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

/** Any signed-in call from a dashboard page. */
function DashboardAction() {
  const [call] = useResendVerificationEmailMutation();
  return (
    <button type="button" onClick={() => void call()}>
      اقدام
    </button>
  );
}

function Bootstrap() {
  useSessionBootstrap();
  return <p>صفحه اصلی</p>;
}

describe('an expired or revoked token (SPEC §8 401)', () => {
  it('signs out, goes to /login and says the session expired', async () => {
    const user = userEvent.setup();
    const { store } = renderInShell('/resend-verification-email', { '/resend-verification-email': <ResendVerificationEmailPage /> }, aUser({ is_email_verified: false }));
    await user.click(screen.getByRole('button', { name: 'ارسال دوباره ایمیل تأیید' }));
    expect(await screen.findByText(TOKEN_EXPIRED)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(store.getState().auth.user).toBeNull();
    expect(screen.queryByText(LOGIN_NEEDED)).toBeNull();
  });

  it('on a dashboard page, the guard does not add a «login needed» toast of its own', async () => {
    const user = userEvent.setup();
    const { store } = renderInShell('/dashboard', { '/dashboard': <RequireDashboard><DashboardAction /></RequireDashboard> }, aUser({ status: 'super' }));
    await user.click(screen.getByRole('button', { name: 'اقدام' }));
    expect(await screen.findByText(TOKEN_EXPIRED)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(store.getState().auth.user).toBeNull();
    expect(screen.queryByText(LOGIN_NEEDED)).toBeNull();
  });

  it('at start-up, a stale cookie leaves a visitor, silently and where they were', async () => {
    const { store } = renderInShell('/', { '/': <Bootstrap /> });
    await waitFor(() => expect(store.getState().auth.checked).toBe(true));
    expect(store.getState().auth.user).toBeNull();
    expect(api.seen.some((r) => r.url.pathname === '/api/auth/logged-in-user-info')).toBe(true);
    expect(currentLocation()).toBe('/');
    expect(screen.queryByText(TOKEN_EXPIRED)).toBeNull();
    expect(screen.queryByText(LOGIN_NEEDED)).toBeNull();
  });
});
