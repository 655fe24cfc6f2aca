/** @jest-environment-options {"url": "http://127.0.0.1:25109"} */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductSessionDetail } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer, useMediaPlayback } from '@shop/test-utils';
import { aCart, aCourseProgress, aProductDetail, aSessionDetail } from '../products/fixtures';
import ProductSessionPage from './product-session-page';
import { RESIGN_BEFORE_EXPIRY_MS } from './session-player';

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
  // A buyer's processed video lesson, stopped at 12:34 (issue 24).
  23: aSessionDetail({ id: 23, product_id: 5, product_title: 'دوره ری‌اکت', title: 'کانتکست', can_view: true, is_bought: true, position_seconds: 754 }),
};
/** The lesson as its page shows it; its URLs come from the playback (issue 38). */
const lessonMedia = () => ({ kind: 'video' as const, poster_url: '/media/posters/23.jpg', has_subtitles: true, duration_seconds: 3600, watermark: '0912***4567' });
/** The lesson's HLS, signed anew at each playback (`signature=1`, `2`…) and valid for `lessonLifetime` ms. */
let signatures = 0;
let lessonLifetime = 3_600_000;
/** How the playback answers next: its URLs, or a refusal (issue 38). */
let playbackAnswer: 'ok' | 'device-limit' = 'ok';
/** Streams started (a POST without `stream_id`). */
let streamsStarted = 0;
/** Whether the media URLs answer that another stream took over. */
let superseded = false;
const SUPERSEDED = 'پخش این درس متوقف شد، چون با همین حساب درسی در دستگاه یا صفحه‌ای دیگر پخش شد.';
const lessonPlayback = (streamId: string) => {
  const query = `viewer=7&stream=${streamId}&expires=1900000000&signature=${++signatures}`;
  return {
    hls_url: `/api/media/lessons/23/hls/master.m3u8?${query}`,
    subtitles_url: `/api/media/lessons/23/subtitles.vtt?${query}`,
    expires_at: new Date(Date.now() + lessonLifetime).toISOString(),
    stream_id: streamId,
  };
};
const OWN_DEVICES = {
  devices: [
    { id: 31, name: 'Chrome روی Windows', created_at: '2026-10-01T08:00:00Z', last_used_at: '2026-11-20T10:30:00Z' },
    { id: 32, name: 'Safari روی iOS', created_at: '2026-10-05T08:00:00Z', last_used_at: '2026-11-18T18:00:00Z' },
  ],
  max_devices: 2,
  removals_left: 2,
  next_removal_at: null,
};
let done = false;
useMediaPlayback();
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25109, ({ url, method, json }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: true } };
    }
    const progress = /^\/api\/product-sessions\/(\d+)\/progress$/.exec(url.pathname);
    if (progress && method === 'PUT') {
      const body = json as { done?: boolean; position_seconds?: number };
      done = body.done ?? (body.position_seconds ?? 0) >= 0.9 * 3600;
      return { data: { session_id: Number(progress[1]), is_done: done, progress: aCourseProgress({ done: done ? 3 : 2, total: 8, resume_session_id: 21 }) } };
    }
    if (url.pathname === '/api/product-sessions/23/playback' && method === 'POST') {
      const { stream_id: renewed } = (json ?? {}) as { stream_id?: string };
      if (playbackAnswer === 'device-limit') {
        return { status: 409, body: { message: 'درس‌های شما حداکثر روی ۲ دستگاه پخش می‌شوند و این دستگاه تازه است.', code: 'device_limit', devices: OWN_DEVICES } };
      }
      return { data: lessonPlayback(renewed ?? `5.stream${++streamsStarted}`) };
    }
    if (url.pathname === '/api/devices/32' && method === 'DELETE') {
      playbackAnswer = 'ok';
      return { message: 'دستگاه حذف شد.', data: { ...OWN_DEVICES, devices: OWN_DEVICES.devices.slice(0, 1), removals_left: 1 } };
    }
    if (url.pathname === '/api/media/lessons/23/hls/master.m3u8' && superseded) return { status: 409, body: { message: SUPERSEDED, code: 'stream_superseded' } };
    const detail = /^\/api\/product-sessions\/(\d+)$/.exec(url.pathname);
    if (detail) {
      const session = sessions[Number(detail[1])];
      if (session?.id === 23) return { data: { ...session, media: lessonMedia() } };
      return session && { data: session.id === 21 ? { ...session, is_done: done } : session };
    }
    if (url.pathname === '/api/products/5') return { data: aProductDetail({ id: 5, is_bought: true, progress: aCourseProgress({ done: done ? 3 : 2, total: 8, resume_session_id: 21 }) }) };
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
  lessonLifetime = 3_600_000;
  signatures = 0;
  playbackAnswer = 'ok';
  streamsStarted = 0;
  superseded = false;
});

const renderSession = (productId: number, sessionId: number) =>
  renderPage(<ProductSessionPage />, { url: `/products/${productId}/${sessionId}`, path: '/products/:productId/:productSessionId', user: aUser() });
const requests = (path: string, method: string) => api.seen.filter((r) => r.url.pathname === path && r.method === method);
/** The lesson's player once its playback came (a placeholder of the same name stands before it). */
const lessonPlayer = (name: string) =>
  waitFor(() => {
    const player = screen.getByRole('region', { name });
    expect(player.querySelector('video')).not.toBeNull();
    return player;
  });

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

  it("streams a buyer's processed lesson from where they stopped, with their watermark, and saves the position", async () => {
    document.cookie = 'XSRF-TOKEN=token-23; path=/';
    const sent = jest.spyOn(globalThis, 'fetch');
    try {
      renderSession(5, 23);
      const player = await lessonPlayer('پخش جلسه: کانتکست');
      const video = player.querySelector('video')!;
      expect(within(player).getByText('ادامه از ۱۲:۳۴')).toBeTruthy();
      expect(within(player).getByTestId('player-watermark').textContent).toBe('۰۹۱۲***۴۵۶۷');
      expect(video.getAttribute('poster')).toBe('/media/posters/23.jpg');
      expect(video.querySelector('track')!.getAttribute('src')).toMatch(/^\/api\/media\/lessons\/23\/subtitles\.vtt\?viewer=7&stream=5\.stream1&/);
      // jsdom has no MediaSource: the hls.js seam hands the playlist to the element.
      await waitFor(() => expect(video.getAttribute('src')).toMatch(/^\/api\/media\/lessons\/23\/hls\/master\.m3u8/));
      // Asked for on this browser with its device key (issue 38).
      const [asked] = requests('/api/product-sessions/23/playback', 'POST');
      expect(asked!.json).toEqual({});
      expect(asked!.headers['x-device-key']).toMatch(/^[\w-]{43}$/);
      Object.defineProperty(video, 'duration', { value: 3600, configurable: true });
      fireEvent.loadedMetadata(video);
      expect(video.currentTime).toBe(754);

      await userEvent.click(within(player).getByRole('button', { name: 'پخش' }));
      video.currentTime = 800.6;
      await userEvent.click(within(player).getByRole('button', { name: 'توقف' }));
      await waitFor(() => expect(requests('/api/product-sessions/23/progress', 'PUT').map((r) => r.json)).toEqual([{ position_seconds: 800 }]));
      expect(requests('/api/product-sessions/23/progress', 'PUT')[0]!.headers['x-xsrf-token']).toBe('token-23');

      // Leaving the page: the request outlives it.
      const productAsked = requests('/api/products/5', 'GET').length;
      video.currentTime = 3300;
      act(() => {
        window.dispatchEvent(new Event('pagehide'));
      });
      await waitFor(() => expect(requests('/api/product-sessions/23/progress', 'PUT')).toHaveLength(2));
      expect(requests('/api/product-sessions/23/progress', 'PUT')[1]!.json).toEqual({ position_seconds: 3300 });
      const leaving = sent.mock.calls.map(([request]) => request).find((request) => request instanceof Request && request.method === 'PUT' && request.keepalive);
      expect(leaving).toBeDefined();
      // 90 % watched: the bought products and the course's progress are fetched again, but not the
      // session, whose new signed URLs would reload the playing lesson (issue 32 item 1); its «seen»
      // switch follows from the answer.
      await waitFor(() => expect(requests('/api/auth/logged-in-user-info', 'POST')).toHaveLength(1));
      await waitFor(() => expect(requests('/api/products/5', 'GET').length).toBeGreaterThan(productAsked));
      expect(await screen.findByRole('button', { name: 'برداشتن علامت دیده‌شده' })).toBeTruthy();
      expect(requests('/api/product-sessions/23', 'GET')).toHaveLength(1);
      expect(video.getAttribute('src')).toContain('signature=1');
    } finally {
      sent.mockRestore();
    }
  });

  it('signs the lesson again before its URLs expire and goes on at the same position', async () => {
    lessonLifetime = RESIGN_BEFORE_EXPIRY_MS + 12_000;
    renderSession(5, 23);
    const player = await lessonPlayer('پخش جلسه: کانتکست');
    const video = player.querySelector('video')!;
    await waitFor(() => expect(video.getAttribute('src')).toContain('signature=1'));
    Object.defineProperty(video, 'duration', { value: 3600, configurable: true });
    fireEvent.loadedMetadata(video);
    video.currentTime = 1000;
    // 12 s before the margin: the page renews its stream and the player takes the new URL.
    await waitFor(() => expect(video.getAttribute('src')).toContain('signature=2'), { timeout: 20_000 });
    expect(requests('/api/product-sessions/23/playback', 'POST').map((r) => r.json)).toEqual([{}, { stream_id: '5.stream1' }]);
    expect(requests('/api/product-sessions/23', 'GET')).toHaveLength(1);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(1000);
  }, 30_000);

  it('shows the device limit with the account’s devices in Persian, and plays here once one is removed (issue 38)', async () => {
    playbackAnswer = 'device-limit';
    renderSession(5, 23);
    expect(await screen.findByText('این دستگاه تازه است و سقف دستگاه‌های شما پر شده است')).toBeTruthy();
    expect(screen.getByText('درس‌های شما حداکثر روی ۲ دستگاه پخش می‌شوند و این دستگاه تازه است.')).toBeTruthy();
    expect(screen.getByText('Chrome روی Windows')).toBeTruthy();
    expect(screen.getAllByText(/آخرین پخش: [۰-۹]+ آبان ۱۴۰۵، ساعت [۰-۹]{2}:[۰-۹]{2}/)).toHaveLength(2);
    expect(screen.getByText('در ۳۰ روز گذشته هنوز ۲ بار می‌توانید دستگاهی را حذف کنید.')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'حذف Safari روی iOS' }));
    const player = await lessonPlayer('پخش جلسه: کانتکست');
    await waitFor(() => expect(player.querySelector('video')!.getAttribute('src')).toContain('stream=5.stream1'));
    expect(requests('/api/product-sessions/23/playback', 'POST')).toHaveLength(2);
  });

  it('stops and says why when another stream of the account takes over, and plays here again on request (issue 38)', async () => {
    renderSession(5, 23);
    const player = await lessonPlayer('پخش جلسه: کانتکست');
    const video = player.querySelector('video')!;
    await waitFor(() => expect(video.getAttribute('src')).toContain('stream=5.stream1'));
    superseded = true;
    // The browser's own HLS fails; the player asks the playlist once more and reads why.
    fireEvent.error(video);
    const stopped = await waitFor(() => {
      const region = screen.getByRole('region', { name: 'پخش جلسه: کانتکست' });
      expect(within(region).getByText(SUPERSEDED)).toBeTruthy();
      return region;
    });
    expect(stopped.querySelector('video')).toBeNull();
    // No renewal of the taken stream: it would be refused.
    expect(requests('/api/product-sessions/23/playback', 'POST').map((r) => r.json)).toEqual([{}]);
    superseded = false;
    await userEvent.click(within(stopped).getByRole('button', { name: 'پخش در این دستگاه' }));
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toContain('stream=5.stream2'));
    expect(requests('/api/product-sessions/23/playback', 'POST').map((r) => r.json)).toEqual([{}, {}]);
  });
});
