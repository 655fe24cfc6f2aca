import { reactToError } from './error-catalogue';

const page = { endpoint: 'getPost', isQuery: true, pathname: '/posts/1' };
const action = { endpoint: 'like', isQuery: false, pathname: '/posts/1' };

describe('reactToError (SPEC §8)', () => {
  it('401: signs out, goes to /login and says login is needed', () => {
    expect(reactToError(401, 'x', action)).toEqual({
      signOut: true,
      navigate: '/login',
      toast: { message: 'برای استفاده از این امکان ابتدا وارد حساب خود شوید.', variant: 'error' },
    });
  });

  it('401 with the token-expired message says the session expired instead', () => {
    expect(reactToError(401, 'نشست شما منقضی شده است؛ لطفاً دوباره وارد شوید.', action)).toEqual({
      signOut: true,
      navigate: '/login',
      toast: { message: 'نشست شما منقضی شده است؛ لطفاً دوباره وارد شوید.', variant: 'error' },
    });
  });

  it('401 of the start-up user check is silent (a visitor), a stale token included', () => {
    expect(reactToError(401, undefined, { ...action, endpoint: 'loggedInUserInfo' })).toEqual({});
    expect(reactToError(401, 'نشست شما منقضی شده است؛ لطفاً دوباره وارد شوید.', { ...action, endpoint: 'loggedInUserInfo' })).toEqual({});
  });

  it('leaves to the account pages the errors they show themselves, and nothing more', () => {
    expect(reactToError(422, 'پیوند تأیید ایمیل نامعتبر است یا منقضی شده است.', { ...action, endpoint: 'verifyEmail' })).toEqual({});
    expect(reactToError(500, undefined, { ...action, endpoint: 'verifyEmail' })).toEqual({});
    for (const endpoint of ['resendVerificationEmail', 'forgotPassword', 'resetPassword']) {
      expect(reactToError(422, 'x', { ...action, endpoint })).toEqual({});
      expect(reactToError(429, 'x', { ...action, endpoint })).toEqual({});
      expect(reactToError(401, undefined, { ...action, endpoint })).toMatchObject({ signOut: true, navigate: '/login' });
      expect(reactToError(500, undefined, { ...action, endpoint }).toast?.message).toBe('خطای سرور');
    }
  });

  it('leaves the site information to its readers: no error page on any page when it fails', () => {
    const site = { endpoint: 'getSiteInformation', isQuery: true, pathname: '/posts/1' };
    for (const status of [404, 429, 500, 503, 'FETCH_ERROR']) expect(reactToError(status, undefined, site)).toEqual({});
  });

  it('leaves the dashboard figures their own error notice, but still signs out on 401 and turns away on 403', () => {
    const overview = { endpoint: 'getDashboardOverview', isQuery: true, pathname: '/dashboard' };
    for (const status of [404, 429, 500, 'FETCH_ERROR']) expect(reactToError(status, undefined, overview)).toEqual({});
    expect(reactToError(401, undefined, overview)).toMatchObject({ signOut: true, navigate: '/login' });
    expect(reactToError(403, 'forbidden', overview)).toEqual({ navigate: '/' });
  });

  it('403 on a dashboard route goes to /', () => {
    expect(reactToError(403, 'forbidden', { ...action, pathname: '/dashboard/users' })).toEqual({ navigate: '/' });
  });

  it('403 elsewhere without forbidden/unauthorized means an unverified email', () => {
    expect(reactToError(403, 'ایمیل شما تأیید نشده است', action)).toMatchObject({ navigate: '/resend-verification-email' });
    expect(reactToError(403, 'Forbidden: no', action)).toEqual({ navigate: '/' });
    expect(reactToError(403, 'unauthorized', action)).toEqual({ navigate: '/' });
  });

  it('404 and 5xx of a page load show the error page; of an action, a toast', () => {
    expect(reactToError(404, undefined, page)).toEqual({ pageError: 404 });
    expect(reactToError(502, undefined, page)).toEqual({ pageError: 500 });
    expect(reactToError(503, undefined, page)).toEqual({ pageError: 503 });
    // A service briefly away (issue 23): the server's Persian reason, not «خطای سرور».
    expect(reactToError(503, 'پایگاه داده موقتاً در دسترس نیست.', action).toast?.message).toBe('پایگاه داده موقتاً در دسترس نیست.');
    expect(reactToError(404, 'موردی یافت نشد', action).toast?.message).toBe('موردی یافت نشد');
    expect(reactToError(500, undefined, action).toast?.message).toBe('خطای سرور');
  });

  it('405, 422, 429 and anything else get their toasts', () => {
    expect(reactToError(405, undefined, action).toast?.message).toBe('این عملیات معتبر نیست.');
    expect(reactToError(422, undefined, action).toast?.message).toBe('اطلاعات وارد شده معتبر نیست؛ لطفاً دقت کنید.');
    expect(reactToError(422, 'x', { ...action, endpoint: 'login' }).toast?.message).toBe('کاربری با این مشخصات یافت نشد.');
    expect(reactToError(429, undefined, page)).toMatchObject({ pageError: 429 });
    expect(reactToError(429, undefined, action).toast?.message).toMatch(/تعداد درخواست‌ها زیاد است/);
    expect(reactToError('FETCH_ERROR', undefined, action).toast?.message).toBe('خطایی رخ داد.');
  });
});
