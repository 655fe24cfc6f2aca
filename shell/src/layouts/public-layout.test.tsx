/** @jest-environment-options {"url": "http://127.0.0.1:25415/posts"} */
import { StrictMode, Suspense, type ComponentType } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { RemoteModule, SiteInformation } from '@shop/contracts';
import { API_CLIENT_VERSION, makeStore, Provider, signedOut } from '@shop/api-client';
import { AppThemeProvider, enqueueSnackbar, UI_KIT_VERSION } from '@shop/ui-kit';
import { MemoryRouter, Route, Routes, ROUTER_VERSION } from '@shop/router';
import { startApiServer } from '@shop/test-utils';
import { errorCatalogue } from '../errors/error-catalogue';
import { DocumentHead } from '../head/page-head';

// The federation runtime cannot run in jsdom; everything above it (the remote list, the facade
// check, the slots' boundaries) is the shell's own code. Only the support remote answers.
const mockLoadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: () => undefined, loadRemote: (id: string) => mockLoadRemote(id) }));

const Banner: ComponentType = () => <aside aria-label="اطلاعیه">تخفیف ویژه دوره‌ها تا پایان هفته</aside>;
const FooterLinks: ComponentType = () => <a href="https://example.com/blog">وبلاگ همکاران</a>;
const remoteModule = (name: RemoteModule['name'], slots: RemoteModule['slots']): RemoteModule => ({
  name,
  requires: { '@shop/ui-kit': `^${UI_KIT_VERSION}`, '@shop/router': `^${ROUTER_VERSION}`, '@shop/api-client': `^${API_CLIENT_VERSION}` },
  publicRoutes: [],
  dashboardRoutes: [],
  dashboardNav: [],
  slots,
  islands: {},
});
const supportModule = remoteModule('support', { 'layout.announcements': Banner, 'footer.links': FooterLinks });
// The header's cart menu slot: a commerce remote that fills nothing here.
const commerceModule = remoteModule('commerce', {});
/** How the support remote answers: loads, fails, or never finishes loading. */
let support: 'up' | 'down' | 'loading' = 'up';

const info: SiteInformation = {
  site_name: 'مدرسه برنامه‌نویسی نوشتار',
  short_description: 'آموزش برنامه‌نویسی وب به زبان فارسی.',
  about_me: '',
  terms_and_conditions: '',
  contact_email: null,
  contact_phone: null,
  address: null,
  social_links: {},
  comments_enabled: true,
  tickets_enabled: true,
  selling_enabled: true,
  vat_percent: 0,
  max_devices: 3,
  device_removals_per_month: 2,
  max_concurrent_streams: 1,
};

let PublicLayout: typeof import('./public-layout').PublicLayout;
let forgetRemote: typeof import('../federation/load-remote').forgetRemote;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  // The serving process inlines the remote list into index.html; the shell reads it once, on load.
  document.head.insertAdjacentHTML(
    'beforeend',
    '<script id="remote-list" type="application/json">[{"name":"support","entry":"/remotes/support/mf-manifest.json"},{"name":"commerce","entry":"/remotes/commerce/mf-manifest.json"}]</script>',
  );
  ({ PublicLayout } = await import('./public-layout'));
  ({ forgetRemote } = await import('../federation/load-remote'));
  mockLoadRemote.mockImplementation((id: string) =>
    id === 'support/module' && support === 'loading'
      ? new Promise(() => undefined)
      : Promise.resolve({ default: id === 'commerce/module' ? commerceModule : id === 'support/module' && support === 'up' ? supportModule : { unavailable: true } }),
  );
  api = await startApiServer(25415, ({ url }) => (url.pathname === '/api/site-information' ? { data: info } : undefined));
});
afterAll(() => api.close());
beforeEach(() => {
  forgetRemote('support');
  support = 'up';
});

/**
 * Renders the layout at /posts inside the app's kind of boundary (AppRoutes: a spinner while the
 * page cannot show), inside an awaited act: the slots suspend on their remotes.
 */
async function renderLayout() {
  const store = makeStore(undefined, [errorCatalogue.middleware]);
  store.dispatch(signedOut());
  await act(async () => {
    render(
    <StrictMode>
      <Provider store={store}>
        <AppThemeProvider>
          <MemoryRouter initialEntries={['/posts']}>
            <DocumentHead>
              <Suspense fallback={<div role="progressbar" aria-label="در حال بارگذاری" />}>
                <Routes>
                  <Route element={<PublicLayout />}>
                    <Route path="/posts" element={<h1>نوشته‌ها</h1>} />
                  </Route>
                </Routes>
              </Suspense>
            </DocumentHead>
          </MemoryRouter>
        </AppThemeProvider>
      </Provider>
    </StrictMode>,
    );
  });
}

describe('PublicLayout (issue 8)', () => {
  it("shows the site's name from the site information in the header and the tab's title", async () => {
    await renderLayout();
    const header = screen.getByRole('banner');
    // The built-in name until the site information has arrived.
    expect(within(header).getByRole('link', { name: 'آکادمی نوشتار' }).getAttribute('href')).toBe('/');
    expect(await within(header).findByRole('link', { name: 'مدرسه برنامه‌نویسی نوشتار' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('مدرسه برنامه‌نویسی نوشتار'));
    expect(within(screen.getByRole('contentinfo')).getByText('© مدرسه برنامه‌نویسی نوشتار — همه حقوق این سایت محفوظ است.')).toBeTruthy();
  });

  it("puts the support remote's announcement banner above the page and its links in the footer", async () => {
    await renderLayout();
    const main = screen.getByRole('main');
    const banner = await within(main).findByRole('complementary', { name: 'اطلاعیه' });
    const page = within(main).getByRole('heading', { level: 1, name: 'نوشته‌ها' });
    expect(banner.compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect((await within(footer).findByRole('link', { name: 'وبلاگ همکاران' })).getAttribute('href')).toBe('https://example.com/blog');
    expect(mockLoadRemote).toHaveBeenCalledWith('support/module');
  });

  it('shows nothing in the banner and footer areas when the support remote fails: no skeleton, no notice', async () => {
    support = 'down';
    await renderLayout();
    await waitFor(() => expect(mockLoadRemote).toHaveBeenCalledWith('support/module'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { level: 1, name: 'نوشته‌ها' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(document.querySelector('[data-remote-fallback]')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'اطلاعیه' })).toBeNull();
    expect(screen.queryByText('این بخش در حال حاضر در دسترس نیست')).toBeNull();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'پرسش‌های متداول' })).toBeTruthy();
  });

  it('holds the page while the banner\'s remote loads, so the banner never pushes it down once shown (issue 33 item 3)', async () => {
    support = 'loading';
    await renderLayout();
    expect(screen.getByRole('progressbar', { name: 'در حال بارگذاری' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'نوشته‌ها' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'اطلاعیه' })).toBeNull();
  });

  it('shows toasts at the bottom of the window, never over the header', async () => {
    await renderLayout();
    act(() => {
      enqueueSnackbar('دیدگاه شما ثبت شد.', { variant: 'success' });
    });
    const toast = await screen.findByText('دیدگاه شما ثبت شد.');
    const container = toast.closest('.notistack-SnackbarContainer')!;
    expect(container).toBeTruthy();
    const style = getComputedStyle(container);
    expect(style.position).toBe('fixed');
    expect(style.bottom).not.toBe('');
    expect(style.top).toBe('');
    expect(screen.getByRole('banner').contains(container)).toBe(false);
  });
});
