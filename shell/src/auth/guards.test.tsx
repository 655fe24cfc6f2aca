import { act, render, screen } from '@testing-library/react';
import { makeStore, Provider, userReceived, signedOut } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/router';
import type { User } from '@shop/contracts';
import { RequireDashboard, RequirePermission, RequireVisitor, RequireVisitorGate } from './guards';

/** The login page of these tests: says where it would return. */
function LoginPage() {
  const { search } = useLocation();
  return <p>ورود{new URLSearchParams(search).get('redirect') ? ` و بازگشت به ${new URLSearchParams(search).get('redirect')}` : ''}</p>;
}

const base = { id: 1, full_name: 'آزمون', email: 'a@b.c', is_email_verified: true, permissions: [] } as unknown as User;

function renderAt(path: string, user: User | null) {
  const store = makeStore();
  store.dispatch(user ? userReceived({ user }) : signedOut());
  render(
    <Provider store={store}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<p>خانه</p>} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/resend-verification-email" element={<p>تأیید ایمیل</p>} />
            <Route path="/products/:productId/:sessionId" element={<RequireVisitorGate level="email-verified"><p>جلسه</p></RequireVisitorGate>} />
            <Route path="/dashboard" element={<RequireDashboard><p>داشبورد</p></RequireDashboard>} />
            <Route
              path="/dashboard/users"
              element={<RequireDashboard><RequirePermission permission="show-users"><p>کاربران</p></RequirePermission></RequireDashboard>}
            />
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </Provider>,
  );
}

describe('dashboard guards (SPEC §6)', () => {
  it('sends visitors to /login, which returns them to the page they opened (issue 32 item 7)', () => {
    renderAt('/dashboard/users?page=2', null);
    expect(screen.getByText('ورود و بازگشت به /dashboard/users?page=2')).toBeTruthy();
  });

  it("sends a visitor opening a gated session to /login, returning to the session (issue 32 item 7)", () => {
    renderAt('/products/3/12#comment-5', null);
    expect(screen.getByText('ورود و بازگشت به /products/3/12#comment-5')).toBeTruthy();
  });

  it('sends ordinary users to /', () => {
    renderAt('/dashboard', { ...base, status: 'ordinary' });
    expect(screen.getByText('خانه')).toBeTruthy();
  });

  it('sends staff or super with an unverified email to /resend-verification-email', () => {
    renderAt('/dashboard', { ...base, status: 'super', is_email_verified: false });
    expect(screen.getByText('تأیید ایمیل')).toBeTruthy();
  });

  it('sends staff without any permission away', () => {
    renderAt('/dashboard', { ...base, status: 'staff' });
    expect(screen.getByText('خانه')).toBeTruthy();
  });

  it('lets staff in, but only into the pages their permissions name', () => {
    const staff = { ...base, status: 'staff', permissions: [{ id: 1, name: 'show-comments' }] } as User;
    renderAt('/dashboard/users', staff);
    expect(screen.getByText('داشبورد')).toBeTruthy();
    expect(screen.queryByText('کاربران')).toBeNull();
  });

  it('lets the super user into every page', () => {
    renderAt('/dashboard/users', { ...base, status: 'super' });
    expect(screen.getByText('کاربران')).toBeTruthy();
  });
});

describe('RequireVisitor (/login, /register)', () => {
  function renderLogin(store: ReturnType<typeof makeStore>) {
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/" element={<p>خانه</p>} />
            <Route path="/login" element={<RequireVisitor><p>فرم ورود</p></RequireVisitor>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  }

  it('sends a user who arrives signed in to /', () => {
    const store = makeStore();
    store.dispatch(userReceived({ user: { ...base, status: 'ordinary' } as User }));
    renderLogin(store);
    expect(screen.getByText('خانه')).toBeTruthy();
  });

  it("keeps a user who signs in on the page there, for the page's own delayed redirect", () => {
    const store = makeStore();
    store.dispatch(signedOut());
    renderLogin(store);
    act(() => {
      store.dispatch(userReceived({ user: { ...base, status: 'ordinary' } as User }));
    });
    expect(screen.getByText('فرم ورود')).toBeTruthy();
  });
});
