/** @jest-environment-options {"url": "http://127.0.0.1:25411/"} */
import { createServer, type Server } from 'node:http';
import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, Provider } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { Link, MemoryRouter } from '@shop/router';
import { RELOAD_GUARD_MS } from './reload-guard';
import { recordRemoteBuild, recordShellBuild } from './version-check';
import { NAVIGATION_CHECK_MS, PERIODIC_CHECK_MS, VersionWatcher, type VersionWatcherProps } from './version-watcher';

const indexHtml = (entry: string) => `<!doctype html><html><head><script defer="defer" src="${entry}"></script></head><body></body></html>`;
const manifest = (chunk: string) =>
  JSON.stringify({ name: 'content', shared: [], exposes: [{ name: 'module', assets: { js: { sync: ['__federation_expose_module.4b067a01.js'], async: [chunk] } } }] });

/** What the server serves now: the shell's index.html and the content remote's manifest, both `no-cache`. */
const served = { '/index.html': indexHtml('/main.1a2b3c4d.js'), '/remotes/content/mf-manifest.json': manifest('503.9591df9f.js') };
const asked: string[] = [];
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.url} ${req.headers['cache-control'] ?? ''}`.trim());
    const body = served[req.url as keyof typeof served];
    res.writeHead(body ? 200 : 404, { 'content-type': req.url?.endsWith('.json') ? 'application/json' : 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(25411, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The page this test runs: the shell's entry, and the content remote as the runtime plugin records it.
const page = document.implementation.createHTMLDocument('');
page.head.innerHTML = '<script defer="defer" src="/main.1a2b3c4d.js"></script>';
recordShellBuild(page);
recordRemoteBuild('/remotes/content/mf-manifest.json', manifest('503.9591df9f.js'));

let now = 1_700_000_000_000;
beforeEach(() => {
  jest.spyOn(Date, 'now').mockImplementation(() => now);
  sessionStorage.clear();
  asked.splice(0);
  served['/remotes/content/mf-manifest.json'] = manifest('503.9591df9f.js');
  served['/index.html'] = indexHtml('/main.1a2b3c4d.js');
});
afterEach(() => jest.restoreAllMocks());

function renderWatcher(props: VersionWatcherProps) {
  return render(
    <StrictMode>
      <Provider store={makeStore()}>
        <AppThemeProvider>
          <MemoryRouter initialEntries={['/']}>
            <VersionWatcher {...props} />
            <nav>
              <Link to="/">خانه</Link>
              <Link to="/posts">نوشته‌ها</Link>
              <Link to="/podcasts">پادکست‌ها</Link>
            </nav>
          </MemoryRouter>
        </AppThemeProvider>
      </Provider>
    </StrictMode>,
  );
}

const checks = () => asked.filter((line) => line.startsWith('/index.html')).length;

describe('VersionWatcher (issue 8 version check; SPEC §9 reload guard)', () => {
  it('checks on navigation, offers a reload once a remote is redeployed, reloads at the next navigation and at most once in 10 s', async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    renderWatcher({ reload });
    expect(asked).toEqual([]);

    // Navigating checks, revalidating with the server (`cache: 'no-cache'` sends max-age=0): nothing new yet.
    await user.click(screen.getByRole('link', { name: 'نوشته‌ها' }));
    await waitFor(() => expect(asked.sort()).toEqual(['/index.html max-age=0', '/remotes/content/mf-manifest.json max-age=0']));

    // The content remote is redeployed; a navigation within 30 s does not check again.
    served['/remotes/content/mf-manifest.json'] = manifest('503.77777777.js');
    now += NAVIGATION_CHECK_MS - 1;
    await user.click(screen.getByRole('link', { name: 'پادکست‌ها' }));
    expect(checks()).toBe(1);
    expect(screen.queryByText(/نسخه تازه‌ای از سایت/)).toBeNull();

    // Later, the next navigation checks and finds it: a toast that stays offers the reload.
    now += 1;
    await user.click(screen.getByRole('link', { name: 'خانه' }));
    expect(await screen.findByText('نسخه تازه‌ای از سایت منتشر شده است؛ با رفتن به صفحه بعد، سایت به‌روز می‌شود.')).toBeTruthy();
    expect(checks()).toBe(2);
    expect(reload).not.toHaveBeenCalled();

    // The next change of route is the safe moment: the page reloads by itself.
    await user.click(screen.getByRole('link', { name: 'نوشته‌ها' }));
    expect(reload).toHaveBeenCalledTimes(1);

    // Had the reload brought the same answer, the guard allows no second automatic one inside 10 s…
    now += RELOAD_GUARD_MS - 1;
    await user.click(screen.getByRole('link', { name: 'پادکست‌ها' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'بارگذاری دوباره' })).toBeTruthy();
    // …and allows it after.
    now += 1;
    await user.click(screen.getByRole('link', { name: 'خانه' }));
    expect(reload).toHaveBeenCalledTimes(2);
    // Once a new build is known, nothing is checked any more.
    expect(checks()).toBe(2);

    // The person's own click reloads at once, guard or not.
    await user.click(screen.getByRole('button', { name: 'بارگذاری دوباره' }));
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('finds a redeployed shell the same way', async () => {
    const user = userEvent.setup();
    renderWatcher({ reload: jest.fn() });
    served['/index.html'] = indexHtml('/main.feedbeef.js');
    await user.click(screen.getByRole('link', { name: 'نوشته‌ها' }));
    expect(await screen.findByRole('button', { name: 'بارگذاری دوباره' })).toBeTruthy();
  });

  it('stays quiet when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    renderWatcher({ reload, fetchText: async () => null });
    await user.click(screen.getByRole('link', { name: 'نوشته‌ها' }));
    now += NAVIGATION_CHECK_MS;
    await user.click(screen.getByRole('link', { name: 'پادکست‌ها' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'بارگذاری دوباره' })).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('VersionWatcher every few minutes', () => {
  afterEach(() => {
    jest.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('checks every 5 minutes while the page is visible, not while it is hidden', async () => {
    jest.useFakeTimers({ doNotFake: ['Date'] });
    const fetched: string[] = [];
    const fetchText = async (url: string) => {
      fetched.push(url);
      return url === '/index.html' ? indexHtml('/main.feedbeef.js') : null;
    };
    renderWatcher({ reload: jest.fn(), fetchText });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    await act(async () => {
      jest.advanceTimersByTime(PERIODIC_CHECK_MS);
    });
    expect(fetched).toEqual([]);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await act(async () => {
      jest.advanceTimersByTime(PERIODIC_CHECK_MS - 1);
    });
    expect(fetched).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(fetched).toContain('/index.html');
    expect(screen.getByRole('button', { name: 'بارگذاری دوباره' })).toBeTruthy();
  });
});
