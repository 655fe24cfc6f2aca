/** @jest-environment-options {"url": "http://127.0.0.1:25135"} */
import { act, screen, within } from '@testing-library/react';
import type { BoughtProduct, Certificate, CourseProgress } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { BoughtProductsTab } from './bought-products-tab';

/** A `CourseProgress` of `done` sessions done and the `left` ones, numbered on from `firstLeft` (issue 37 item 4). */
const progressOf = (done: number, left: Array<'lesson' | 'quiz'>, firstLeft = 54): CourseProgress => ({
  done,
  total: done + left.length,
  resume_session_id: left.length > 0 ? firstLeft : null,
  left: left.map((kind, i) => ({ session_id: firstLeft + i, title: `جلسه ${i + 1}`, kind })),
});

const bought = (overrides: Partial<BoughtProduct>): BoughtProduct => ({
  id: 4,
  title: 'دوره جامع تایپ‌اسکریپت',
  slug: 'typescript',
  image: '/media/products/ts.webp',
  bought_at: '2025-04-01T10:00:00Z',
  progress: progressOf(3, ['lesson', 'lesson', 'quiz', 'lesson', 'lesson'], 54),
  ...overrides,
});

/** The certificates the test server answers for `GET /api/profile/certificates`. */
let certificates: Certificate[] = [];
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25135, ({ url }) => {
    if (url.pathname === '/api/profile/certificates') return { data: certificates };
    // The orders list below (issue 25) has its own test: none here.
    if (url.pathname === '/api/orders') return { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };
    return undefined;
  });
});
afterAll(() => api.close());
afterEach(async () => {
  // The certificates' answer of a test that asserted before it came lands inside act.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  certificates = [];
});

describe('BoughtProductsTab (/profile#buyed-products)', () => {
  it('lists each bought course with its image, a link, the Jalali date and the progress', () => {
    renderPage(<BoughtProductsTab />, {
      url: '/profile#buyed-products',
      path: '/profile',
      user: aUser(),
      buyedProducts: [bought({}), bought({ id: 9, title: 'کارگاه گیت', image: null, bought_at: '2025-05-10T06:00:00Z', progress: progressOf(0, []) })],
    });
    const list = screen.getByRole('list', { name: 'دوره‌های خریده‌شده' });
    const [first, second] = within(list).getAllByRole('listitem');

    const link = within(first!).getByRole('link', { name: 'دوره جامع تایپ‌اسکریپت' });
    expect(link.getAttribute('href')).toBe('/products/4');
    expect(first!.querySelector('img')!.getAttribute('src')).toBe('/media/products/ts.webp');
    expect(within(first!).getByText(formatJalaliDate('2025-04-01T10:00:00Z')).getAttribute('datetime')).toBe('2025-04-01T10:00:00Z');
    expect(within(first!).getByText('۳ از ۸ جلسه')).toBeTruthy();
    const bar = within(first!).getByRole('progressbar', { name: 'پیشرفت شما در «دوره جامع تایپ‌اسکریپت»' });
    expect(bar.getAttribute('aria-valuenow')).toBe('38');
    expect(bar.getAttribute('aria-valuetext')).toBe('۳ از ۸ جلسه');

    expect(within(first!).getByRole('link', { name: 'ادامه یادگیری «دوره جامع تایپ‌اسکریپت»' }).getAttribute('href')).toBe('/products/4/54');
    // What is left before the certificate, in one line that opens the first of it (issue 37 item 4).
    const left = within(first!).getByRole('link', { name: '۴ جلسه و ۱ آزمون مانده در «دوره جامع تایپ‌اسکریپت»' });
    expect(left.textContent).toBe('۴ جلسه و ۱ آزمون مانده');
    expect(left.getAttribute('href')).toBe('/products/4/54');

    // A course without sessions yet: no division by zero, nothing to resume.
    expect(within(second!).getByText('۰ از ۰ جلسه')).toBeTruthy();
    expect(within(second!).queryByRole('link', { name: /^ادامه یادگیری/ })).toBeNull();
    expect(within(second!).queryByText('همه انجام شده')).toBeNull();
    expect(within(second!).queryByRole('link', { name: /مانده/ })).toBeNull();
    expect(within(second!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(within(second!).getByRole('link', { name: 'کارگاه گیت' }).getAttribute('href')).toBe('/products/9');
  });

  it('says a finished course is all done instead of offering to resume it', () => {
    renderPage(<BoughtProductsTab />, {
      url: '/profile#buyed-products',
      path: '/profile',
      user: aUser(),
      buyedProducts: [bought({ progress: progressOf(8, []) })],
    });
    expect(screen.getByText('همه انجام شده')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^ادامه یادگیری/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /مانده/ })).toBeNull();
  });

  it('says only lessons or only quizzes are left when that is so (issue 37 item 4)', () => {
    renderPage(<BoughtProductsTab />, {
      url: '/profile#buyed-products',
      path: '/profile',
      user: aUser(),
      buyedProducts: [bought({ progress: progressOf(6, ['quiz'], 70) }), bought({ id: 9, title: 'کارگاه گیت', progress: progressOf(1, ['lesson', 'lesson'], 90) })],
    });
    const [quizLeft, lessonsLeft] = within(screen.getByRole('list', { name: 'دوره‌های خریده‌شده' })).getAllByRole('listitem');
    expect(within(quizLeft!).getByRole('link', { name: '۱ آزمون مانده در «دوره جامع تایپ‌اسکریپت»' }).getAttribute('href')).toBe('/products/4/70');
    expect(within(lessonsLeft!).getByRole('link', { name: '۲ جلسه مانده در «کارگاه گیت»' }).getAttribute('href')).toBe('/products/9/90');
  });

  it('shows the empty state with a way to the courses', () => {
    renderPage(<BoughtProductsTab />, { url: '/profile#buyed-products', path: '/profile', user: aUser() });
    expect(screen.getByText('هنوز دوره‌ای نخریده‌اید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهده دوره‌ها' }).getAttribute('href')).toBe('/products');
  });

  it('lists the certificates with a link to each, the date, and which was revoked (issue 24)', async () => {
    certificates = [
      { code: 'ACDEFGHJKM', holder_name: 'کاربر', product_id: 4, product_title: 'دوره جامع تایپ‌اسکریپت', issued_at: '2025-06-01T10:00:00Z', revoked_at: null },
      { code: 'NPQRTWXY34', holder_name: 'کاربر', product_id: 9, product_title: 'کارگاه گیت', issued_at: '2025-05-01T10:00:00Z', revoked_at: '2025-05-20T10:00:00Z' },
    ];
    renderPage(<BoughtProductsTab />, { url: '/profile#buyed-products', path: '/profile', user: aUser(), buyedProducts: [bought({})] });
    const section = await screen.findByRole('region', { name: 'گواهی‌های پایان دوره' });
    const [valid, revoked] = within(section).getAllByRole('listitem');
    expect(within(valid!).getByRole('link', { name: 'گواهی پایان دوره «دوره جامع تایپ‌اسکریپت»' }).getAttribute('href')).toBe('/certificates/ACDEFGHJKM');
    expect(within(valid!).getByText(formatJalaliDate('2025-06-01T10:00:00Z'))).toBeTruthy();
    expect(within(valid!).queryByText('باطل شده')).toBeNull();
    expect(within(revoked!).getByText('باطل شده')).toBeTruthy();
  });

  it('shows no certificates section while there is none', async () => {
    renderPage(<BoughtProductsTab />, { url: '/profile#buyed-products', path: '/profile', user: aUser(), buyedProducts: [bought({})] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('region', { name: 'گواهی‌های پایان دوره' })).toBeNull();
    expect(api.seen.some((request) => request.url.pathname === '/api/profile/certificates')).toBe(true);
  });
});
