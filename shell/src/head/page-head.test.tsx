/** @jest-environment-options {"url": "http://127.0.0.1/"} */
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { RemoteModule, SiteInformation } from '@shop/contracts';
import { API_CLIENT_VERSION, makeStore, Provider, signedOut, siteInformationApi } from '@shop/api-client';
import { AppThemeProvider, UI_KIT_VERSION } from '@shop/ui-kit';
import { Link, MemoryRouter, Route, Routes, ROUTER_VERSION, useParams } from '@shop/router';
import { errorCatalogue } from '../errors/error-catalogue';
import { createServerHeadTarget, DeclarePageHead, DocumentHead, ServerHead } from './page-head';

// The federation runtime cannot run in jsdom: the content remote is this module.
const mockLoadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: () => undefined, loadRemote: (id: string) => mockLoadRemote(id) }));

const SITE_NAME = 'مدرسه نوشتار';
const info = { site_name: SITE_NAME, short_description: 'آموزش برنامه‌نویسی', social_links: {} } as SiteInformation;

/** Pages whose `useHead` ran, by route path: a guarded page's must not run for a visitor. */
const headCalls: string[] = [];
const contentModule: RemoteModule = {
  name: 'content',
  requires: { '@shop/ui-kit': `^${UI_KIT_VERSION}`, '@shop/router': `^${ROUTER_VERSION}`, '@shop/api-client': `^${API_CLIENT_VERSION}` },
  publicRoutes: [
    {
      path: '/posts/:postId',
      Component: () => <h1>نوشته</h1>,
      useHead: () => {
        headCalls.push('/posts/:postId');
        return { title: `نوشته ${useParams().postId}` };
      },
    },
    {
      path: '/posts/:postId/private',
      Component: () => <h1>خصوصی</h1>,
      guard: 'signed-in',
      useHead: () => {
        headCalls.push('/posts/:postId/private');
        return { title: 'خصوصی' };
      },
    },
  ],
  dashboardRoutes: [],
  dashboardNav: [],
  slots: {},
  islands: {},
};

let RemotePublicPage: typeof import('../federation/remote-areas').RemotePublicPage;
beforeAll(async () => {
  document.head.insertAdjacentHTML('beforeend', '<script id="remote-list" type="application/json">[{"name":"content","entry":"/remotes/content/mf-manifest.json"}]</script>');
  mockLoadRemote.mockImplementation(() => Promise.resolve({ default: contentModule }));
  ({ RemotePublicPage } = await import('../federation/remote-areas'));
});
beforeEach(() => {
  headCalls.length = 0;
  document.title = 'پیش از آزمون';
});

/** A visitor's store with the site information already in, as the app has it once loaded. */
async function storeWithSite() {
  const store = makeStore(undefined, [errorCatalogue.middleware]);
  store.dispatch(signedOut());
  await store.dispatch(siteInformationApi.util.upsertQueryData('getSiteInformation', undefined, { data: info }));
  return store;
}

const robotsTags = () => document.head.querySelectorAll('meta[name="robots"]');

async function renderApp(url: string, routes: ReactNode) {
  const store = await storeWithSite();
  await act(async () => {
    render(
      <StrictMode>
        <Provider store={store}>
          <AppThemeProvider>
            <MemoryRouter initialEntries={[url]}>
              <DocumentHead>
                <nav>
                  <Link to="/search?q=react">جست‌وجو</Link>
                  <Link to="/posts">نوشته‌ها</Link>
                  <Link to="/dashboard/users">کاربران</Link>
                  <Link to="/">خانه</Link>
                </nav>
                <Routes>{routes}</Routes>
              </DocumentHead>
            </MemoryRouter>
          </AppThemeProvider>
        </Provider>
      </StrictMode>,
    );
  });
}

describe('page heads in the client-rendered app (issue 9)', () => {
  it('shows the declared title with the site’s name, and a robots tag only while the page asks for it', async () => {
    await renderApp(
      '/search?q=react',
      <>
        <Route path="/search" element={<DeclarePageHead head={{ title: 'نتایج جست‌وجو', noindex: true }} />} />
        <Route path="/posts" element={<DeclarePageHead head={{ title: 'نوشته‌ها', description: 'نادیده در مرورگر' }} />} />
        <Route path="/dashboard/*" element={<p>کاربران</p>} />
        <Route path="/" element={<p>خانه</p>} />
      </>,
    );
    expect(document.title).toBe(`نتایج جست‌وجو | ${SITE_NAME}`);
    expect(robotsTags()).toHaveLength(1);
    expect(robotsTags()[0]!.getAttribute('content')).toBe('noindex');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'نوشته‌ها' })));
    expect(document.title).toBe(`نوشته‌ها | ${SITE_NAME}`);
    expect(robotsTags()).toHaveLength(0);

    // A page that declares nothing: «داشبورد» in the dashboard, the site's name elsewhere.
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'کاربران' })));
    expect(document.title).toBe(`داشبورد | ${SITE_NAME}`);
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'خانه' })));
    expect(document.title).toBe(SITE_NAME);
  });

  it('takes a remote page’s head from its route’s useHead, with the route’s params', async () => {
    await renderApp('/posts/5', <Route path="*" element={<RemotePublicPage />} />);
    expect(await screen.findByRole('heading', { name: 'نوشته' })).toBeTruthy();
    expect(document.title).toBe(`نوشته 5 | ${SITE_NAME}`);
    expect(headCalls).toContain('/posts/:postId');
  });

  it('asks a guarded page for its head only once the guard lets the page in', async () => {
    await renderApp(
      '/posts/5/private',
      <>
        <Route path="/login" element={<h1>ورود</h1>} />
        <Route path="*" element={<RemotePublicPage />} />
      </>,
    );
    // A visitor is sent to /login: the page never rendered.
    expect(await screen.findByRole('heading', { name: 'ورود' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'خصوصی' })).toBeNull();
    expect(headCalls).not.toContain('/posts/:postId/private');
    expect(document.title).toBe(SITE_NAME);
  });
});

describe('page heads outside the client-rendered app', () => {
  it('on the server: records the declaration for the head tags, renders nothing and leaves the document alone', () => {
    const target = createServerHeadTarget();
    const html = renderToString(
      <ServerHead target={target}>
        <main>
          <DeclarePageHead head={{ title: 'شروع با TypeScript', noindex: false }} />
        </main>
      </ServerHead>,
    );
    expect(html).toBe('<main></main>');
    expect(target.head).toEqual({ title: 'شروع با TypeScript', noindex: false });
    expect(document.title).toBe('پیش از آزمون');
  });

  it('in an island (no head of its own to manage): does nothing, so the server’s tags stay', async () => {
    await act(async () => {
      render(<DeclarePageHead head={{ title: 'جزیره', noindex: true }} />);
    });
    expect(document.title).toBe('پیش از آزمون');
    expect(robotsTags()).toHaveLength(0);
  });
});
