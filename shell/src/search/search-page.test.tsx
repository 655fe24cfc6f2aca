/** @jest-environment-options {"url": "http://127.0.0.1:25142/search"} */
import { createServer, type Server } from 'node:http';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@shop/contracts';
import { makeStore, Provider } from '@shop/api-client';
import { formatJalaliDate } from '@shop/format';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/router';
import SearchPage from './search-page';
import { isSearchable } from './search-api';

const hits: SearchResult[] = [
  { type: 'post', id: 3, title: 'آشنایی با تایپ‌اسکریپت', excerpt: '…تایپ‌اسکریپت زبانی است که…', image: '/media/ts.webp', created_at: '2026-11-22T11:00:00Z' },
  { type: 'podcast', id: 5, title: 'گفت‌وگو درباره تایپ‌اسکریپت', excerpt: 'در این قسمت…', image: null, created_at: '2026-10-01T08:00:00Z' },
  { type: 'product', id: 4, title: 'دوره جامع تایپ‌اسکریپت', excerpt: 'از صفر تا پروژه.', image: null, created_at: '2026-09-01T08:00:00Z' },
];

// A real HTTP server plays `GET /api/search` (see login-page.test.tsx for the pattern).
const asked: URLSearchParams[] = [];
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1:25142');
    let status = 404;
    let body: unknown = { message: 'یافت نشد' };
    if (url.pathname === '/api/search') {
      asked.push(url.searchParams);
      const q = url.searchParams.get('q') ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      status = 200;
      body =
        q === 'هیچ'
          ? { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } }
          : q === 'برنامه'
            ? { data: hits, meta: { current_page: 1, last_page: 100, per_page: 10, total: 1000 } }
          : page === 2
            ? { data: [{ ...hits[0]!, id: 30, title: 'نتیجه صفحه دوم' }], meta: { current_page: 2, last_page: 2, per_page: 10, total: 11 } }
            : { data: hits, meta: { current_page: 1, last_page: 2, per_page: 10, total: 11 } };
    }
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(25142, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => asked.splice(0));

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

function renderSearch(url: string) {
  render(
    <Provider store={makeStore()}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/search" element={<SearchPage />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AppThemeProvider>
    </Provider>,
  );
}

const where = () => screen.getByTestId('location').textContent;
const searchUrl = (params: Record<string, string>) => `/search?${new URLSearchParams(params)}`;

describe('SearchPage (/search)', () => {
  it('shows the hits with a type chip, a link to the item, the excerpt and a Jalali date', async () => {
    renderSearch(searchUrl({ q: 'تایپ‌اسکریپت' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('نتایج جست‌وجو برای «تایپ‌اسکریپت»');
    const post = (await screen.findByRole('link', { name: 'آشنایی با تایپ‌اسکریپت' })).closest('article')!;
    expect(within(post).getByText('نوشته')).toBeTruthy();
    expect(within(post).getByRole('link').getAttribute('href')).toBe('/posts/3');
    expect(within(post).getByText('…تایپ‌اسکریپت زبانی است که…')).toBeTruthy();
    expect(within(post).getByText(formatJalaliDate('2026-11-22T11:00:00Z'))).toBeTruthy();
    const podcast = screen.getByRole('link', { name: 'گفت‌وگو درباره تایپ‌اسکریپت' });
    expect(podcast.getAttribute('href')).toBe('/podcasts/5');
    expect(within(podcast.closest('article')!).getByText('پادکست')).toBeTruthy();
    const product = screen.getByRole('link', { name: 'دوره جامع تایپ‌اسکریپت' });
    expect(product.getAttribute('href')).toBe('/products/4');
    expect(within(product.closest('article')!).getByText('دوره')).toBeTruthy();
    expect(screen.getByText('۱۱ نتیجه')).toBeTruthy();
    expect(asked.map((p) => p.toString())).toEqual([new URLSearchParams({ q: 'تایپ‌اسکریپت', page: '1' }).toString()]);
  });

  it('pages in the URL', async () => {
    const user = userEvent.setup();
    renderSearch(searchUrl({ q: 'تایپ‌اسکریپت' }));
    await screen.findByRole('link', { name: 'آشنایی با تایپ‌اسکریپت' });
    await user.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(where()).toBe(searchUrl({ q: 'تایپ‌اسکریپت', page: '2' })));
    expect((await screen.findByRole('link', { name: 'نتیجه صفحه دوم' })).getAttribute('href')).toBe('/posts/30');
    expect(asked.map((p) => p.get('page'))).toEqual(['1', '2']);
  });

  it('asks for at least 2 characters and sends nothing for a shorter query', async () => {
    expect(isSearchable('ب\u200c')).toBe(false);
    expect(isSearchable('بـــ')).toBe(false);
    expect(isSearchable('ری')).toBe(true);
    renderSearch(searchUrl({ q: ' ب ' }));
    expect(screen.getByText('برای جست‌وجو حداقل ۲ نویسه وارد کنید.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
  });

  it('asks for a query when there is none', async () => {
    renderSearch('/search');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('جست‌وجو');
    expect(screen.getByText('برای جست‌وجو حداقل ۲ نویسه وارد کنید.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
  });

  it('says so when nothing matches', async () => {
    renderSearch(searchUrl({ q: 'هیچ' }));
    expect(await screen.findByText('نتیجه‌ای برای «هیچ» پیدا نشد. واژه دیگری را امتحان کنید.')).toBeTruthy();
    expect(screen.getByText('۰ نتیجه')).toBeTruthy();
  });

  it('reads a total at the API’s cap as «or more»', async () => {
    renderSearch(searchUrl({ q: 'برنامه' }));
    expect(await screen.findByText('۱٬۰۰۰ نتیجه یا بیشتر')).toBeTruthy();
  });
});
