/** @jest-environment-options {"url": "http://127.0.0.1:25234"} */
import { Suspense } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicAnnouncement } from '@shop/contracts';
import { renderPage, startApiServer } from '@shop/test-utils';
import supportModule from '../module';
import AnnouncementsBanner from './announcements-banner';
import { CLOSED_ANNOUNCEMENTS_PREFERENCE } from './closed-announcements';

const COOKIE = `pref_${CLOSED_ANNOUNCEMENTS_PREFERENCE}`;
const cookie = () => document.cookie.split('; ').find((pair) => pair.startsWith(`${COOKIE}=`))?.slice(COOKIE.length + 1);

let shown: PublicAnnouncement[] = [];
/** The API answers the announcements once this settles (a test holds the answer back). */
let held: Promise<void> = Promise.resolve();

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25234, async ({ url }) => {
    if (url.pathname !== '/api/announcements') return undefined;
    await held;
    return { data: shown };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  document.cookie = `${COOKIE}=; max-age=0; path=/`;
  shown = [
    { id: 3, title: 'جلسه زنده', text: 'پنجشنبه ساعت ۲۰ پخش زنده داریم.\nبا ما باشید.', expired_at: '2099-01-01T00:00:00Z' },
    { id: 1, title: 'تخفیف نوروزی', text: 'همه دوره‌ها نیم‌بها.', expired_at: '2099-01-01T00:00:00Z' },
  ];
});

/** Renders the banner inside an awaited act: its first load suspends it. */
async function renderBanner() {
  let rendered: ReturnType<typeof renderPage> | undefined;
  await act(async () => {
    rendered = renderPage(<AnnouncementsBanner />, { url: '/' });
  });
  return rendered!;
}
const banner = () => screen.findByRole('region', { name: 'اطلاعیه‌های سایت' });

describe('announcement banner (slot layout.announcements)', () => {
  it('fills the public layout’s announcements slot', () => {
    expect(supportModule.slots['layout.announcements']).toBeDefined();
  });

  it('shows the active announcements, newest first, each a titled note', async () => {
    await renderBanner();
    const region = await banner();
    const notes = within(region).getAllByRole('note');
    expect(notes.map((note) => note.getAttribute('aria-labelledby') && document.getElementById(note.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'جلسه زنده',
      'تخفیف نوروزی',
    ]);
    expect(within(notes[0]!).getByText(/پنجشنبه ساعت ۲۰ پخش زنده داریم/)).toBeTruthy();
    expect(api.seen.map((r) => r.url.pathname)).toEqual(['/api/announcements']);
  });

  it('closes one, and it stays closed after a reload while the other still shows', async () => {
    const first = await renderBanner();
    await banner();
    await userEvent.click(screen.getByRole('button', { name: 'بستن اطلاعیه «جلسه زنده»' }));
    await waitFor(() => expect(screen.queryByText('جلسه زنده')).toBeNull());
    expect(screen.getByText('تخفیف نوروزی')).toBeTruthy();
    expect(cookie()).toBe('3');
    first.unmount();

    await renderBanner();
    await banner();
    expect(await screen.findByText('تخفیف نوروزی')).toBeTruthy();
    expect(screen.queryByText('جلسه زنده')).toBeNull();
  });

  it('draws nothing when all are closed, and when there are none', async () => {
    document.cookie = `${COOKIE}=1.3; path=/`;
    const { container, unmount } = await renderBanner();
    expect(api.seen).toHaveLength(1);
    expect(container.querySelector('section')).toBeNull();
    unmount();

    shown = [];
    const empty = await renderBanner();
    expect(api.seen).toHaveLength(2);
    expect(empty.container.querySelector('section')).toBeNull();
  });

  it('suspends until its first answer, so the page around it shows with it and never moves down (issue 33 item 3)', async () => {
    let answer = () => undefined as void;
    held = new Promise((resolve) => {
      answer = resolve;
    });
    await act(async () => {
      renderPage(
        <Suspense fallback={<p>صفحه در راه است</p>}>
          <AnnouncementsBanner />
          <h1>نوشته‌ها</h1>
        </Suspense>,
        { url: '/' },
      );
    });
    // Asked, not answered yet: the page waits with the banner.
    expect(api.seen).toHaveLength(1);
    expect(screen.getByText('صفحه در راه است')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'نوشته‌ها' })).toBeNull();

    await act(async () => {
      answer();
      held = Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const region = await banner();
    expect(region.compareDocumentPosition(screen.getByRole('heading', { name: 'نوشته‌ها' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.seen).toHaveLength(1);
  });

  it('still works when the stored list is not what it wrote', async () => {
    document.cookie = `${COOKIE}=${encodeURIComponent('{broken')}; path=/`;
    await renderBanner();
    await banner();
    expect(screen.getAllByRole('note')).toHaveLength(2);
  });
});
