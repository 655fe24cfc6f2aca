/** @jest-environment-options {"url": "http://127.0.0.1:25109"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductSessionDetail } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { aCart, aProductDetail, aSessionDetail } from '../products/fixtures';
import ProductSessionPage from './product-session-page';

const signedUrl = (id: number) => `/api/media/sessions/${id}?expires=1900000000&signature=abc`;
const sessions: Record<number, ProductSessionDetail> = {
  // A paid session for a non-buyer, on a buyers-only course.
  12: aSessionDetail({ id: 12, comment_status: 'buyers-only', can_comment: false }),
  // A free preview with a video.
  11: aSessionDetail({ id: 11, title: 'نصب ابزارها', position: 1, is_free_preview: true, can_view: true, file_url: signedUrl(11), file_type: 'video/mp4', file_size: 5_452_595, previous_session_id: null }),
  // A buyer's audio session.
  21: aSessionDetail({ id: 21, product_id: 5, product_title: 'دوره ری‌اکت', title: 'هوک‌ها', position: 3, can_view: true, is_bought: true, file_url: signedUrl(21), file_type: 'audio/mpeg', file_size: 800_000, next_session_id: null }),
  // A buyer's pdf.
  22: aSessionDetail({ id: 22, product_id: 5, product_title: 'دوره ری‌اکت', title: 'جزوه', can_view: true, is_bought: true, file_url: signedUrl(22), file_type: 'application/pdf', file_size: 120_000 }),
};
let done = false;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25109, ({ url, method, json }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: true } };
    }
    const progress = /^\/api\/product-sessions\/(\d+)\/progress$/.exec(url.pathname);
    if (progress && method === 'PUT') {
      done = (json as { done: boolean }).done;
      return { data: { session_id: Number(progress[1]), is_done: done, progress: { done: done ? 3 : 2, total: 8 } } };
    }
    const detail = /^\/api\/product-sessions\/(\d+)$/.exec(url.pathname);
    if (detail) {
      const session = sessions[Number(detail[1])];
      return session && { data: session.id === 21 ? { ...session, is_done: done } : session };
    }
    if (url.pathname === '/api/products/5') return { data: aProductDetail({ id: 5, is_bought: true, progress: { done: done ? 3 : 2, total: 8 } }) };
    if (/\/comments$/.test(url.pathname)) return { data: [] };
    if (url.pathname === '/api/cart' && method === 'GET') return { data: aCart([]) };
    if (url.pathname === '/api/cart' && method === 'POST') return { status: 201, body: { message: 'دوره به سبد خرید اضافه شد.', data: aCart([]) } };
    if (url.pathname === '/api/auth/logged-in-user-info') return { data: { user: aUser(), buyedProducts: [] } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  done = false;
});

const renderSession = (productId: number, sessionId: number) =>
  renderPage(<ProductSessionPage />, { url: `/products/${productId}/${sessionId}`, path: '/products/:productId/:productSessionId', user: aUser() });
const requests = (path: string, method: string) => api.seen.filter((r) => r.url.pathname === path && r.method === method);

describe('ProductSessionPage (/products/:productId/:productSessionId)', () => {
  it('tells a non-buyer why a paid session is locked, and its buy button adds the course and opens the cart', async () => {
    renderSession(1, 12);
    expect(await screen.findByRole('heading', { level: 1, name: 'انواع پایه' })).toBeTruthy();
    expect(screen.getByText('جلسه ۲')).toBeTruthy();
    expect(screen.getByText('این جلسه فقط برای خریداران دوره باز است')).toBeTruthy();
    expect(screen.getByText('برای دیدن و دانلود این جلسه، دوره «دوره جامع تایپ‌اسکریپت» را بخرید.')).toBeTruthy();
    expect(document.querySelector('video, audio')).toBeNull();
    expect(screen.queryByText('بولی')).toBeNull();
    expect(screen.queryByRole('button', { name: 'علامت‌گذاری به عنوان دیده‌شده' })).toBeNull();
    expect(screen.getByRole('link', { name: 'دوره جامع تایپ‌اسکریپت' }).getAttribute('href')).toBe('/products/1');

    await userEvent.click(await screen.findByRole('button', { name: 'خرید دوره (۴۹۰٬۰۰۰ تومان)' }));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'));
    expect(requests('/api/cart', 'POST').map((r) => r.json)).toEqual([{ product_id: 1 }]);
  });

  it("gives a non-buyer SPEC §8's buyers-only notice instead of the comment form", async () => {
    renderSession(1, 12);
    expect(await screen.findByText('دیدگاه‌های این دوره فقط برای خریداران آن باز است.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'پسندیدن، ۳ پسند' })).toBeTruthy();
  });

  it('plays a free preview for anyone, with its description, size and neighbours', async () => {
    renderSession(1, 11);
    const player = await screen.findByRole('region', { name: 'پخش جلسه: نصب ابزارها' });
    const video = player.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(signedUrl(11));
    // The site's own Persian player, not the browser's controls (issue 22 item 8).
    expect(video.hasAttribute('controls')).toBe(false);
    expect(within(player).getByRole('button', { name: 'پخش' })).toBeTruthy();
    expect(within(player).getByText('حجم: ۵٫۲ مگابایت')).toBeTruthy();
    expect(screen.getByText('بولی').tagName).toBe('STRONG');
    expect(screen.getByText('پیش‌نمایش رایگان')).toBeTruthy();
    expect(screen.queryByText('این جلسه فقط برای خریداران دوره باز است')).toBeNull();
    expect(screen.queryByRole('link', { name: 'جلسه قبلی' })).toBeNull();
    expect(screen.getByRole('link', { name: 'جلسه بعدی' }).getAttribute('href')).toBe('/products/1/13');
    expect(screen.getByRole('link', { name: 'بازگشت به صفحه دوره' }).getAttribute('href')).toBe('/products/1');
  });

  it('lets a buyer play the audio, mark the session done and undo it, with the course progress', async () => {
    renderSession(5, 21);
    const player = await screen.findByRole('region', { name: 'پخش جلسه: هوک‌ها' });
    expect(player.querySelector('audio')!.getAttribute('src')).toBe(signedUrl(21));
    expect(within(player).getByText('حجم: ۷۸۱ کیلوبایت')).toBeTruthy();
    expect(await screen.findByText('۲ از ۸ جلسه')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'علامت‌گذاری به عنوان دیده‌شده' }));
    expect(await screen.findByText('۳ از ۸ جلسه')).toBeTruthy();
    const undo = await screen.findByRole('button', { name: 'برداشتن علامت دیده‌شده' });
    expect(undo.getAttribute('aria-pressed')).toBe('true');
    expect(requests('/api/product-sessions/21/progress', 'PUT').map((r) => r.json)).toEqual([{ done: true }]);
    // The profile's bought products (the store) are refreshed too.
    await waitFor(() => expect(requests('/api/auth/logged-in-user-info', 'POST')).toHaveLength(1));

    await userEvent.click(undo);
    expect(await screen.findByRole('button', { name: 'علامت‌گذاری به عنوان دیده‌شده' })).toBeTruthy();
    expect(await screen.findByText('۲ از ۸ جلسه')).toBeTruthy();
    expect(requests('/api/product-sessions/21/progress', 'PUT').map((r) => r.json)).toEqual([{ done: true }, { done: false }]);
    expect(screen.getByRole('link', { name: 'جلسه قبلی' }).getAttribute('href')).toBe('/products/5/11');
  });

  it('offers a pdf as a download', async () => {
    renderSession(5, 22);
    const link = await screen.findByRole('link', { name: 'دانلود فایل جلسه' });
    expect(link.getAttribute('href')).toBe(signedUrl(22));
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says so when the session belongs to another course than the URL names', async () => {
    renderSession(2, 12);
    expect(await screen.findByText('این جلسه در این دوره نیست.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
