/** @jest-environment-options {"url": "http://127.0.0.1:25234"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicAnnouncement } from '@shop/contracts';
import { renderPage, startApiServer } from '@shop/test-utils';
import supportModule from '../module';
import AnnouncementsBanner from './announcements-banner';
import { CLOSED_ANNOUNCEMENTS_PREFERENCE } from './closed-announcements';

const COOKIE = `pref_${CLOSED_ANNOUNCEMENTS_PREFERENCE}`;
const cookie = () => document.cookie.split('; ').find((pair) => pair.startsWith(`${COOKIE}=`))?.slice(COOKIE.length + 1);

let shown: PublicAnnouncement[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25234, ({ url }) => (url.pathname === '/api/announcements' ? { data: shown } : undefined));
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

const renderBanner = () => renderPage(<AnnouncementsBanner />, { url: '/' });
const banner = () => screen.findByRole('region', { name: 'اطلاعیه‌های سایت' });

describe('announcement banner (slot layout.announcements)', () => {
  it('fills the public layout’s announcements slot', () => {
    expect(supportModule.slots['layout.announcements']).toBeDefined();
  });

  it('shows the active announcements, newest first, each a titled note', async () => {
    renderBanner();
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
    const first = renderBanner();
    await banner();
    await userEvent.click(screen.getByRole('button', { name: 'بستن اطلاعیه «جلسه زنده»' }));
    await waitFor(() => expect(screen.queryByText('جلسه زنده')).toBeNull());
    expect(screen.getByText('تخفیف نوروزی')).toBeTruthy();
    expect(cookie()).toBe('3');
    first.unmount();

    renderBanner();
    await banner();
    expect(await screen.findByText('تخفیف نوروزی')).toBeTruthy();
    expect(screen.queryByText('جلسه زنده')).toBeNull();
  });

  it('draws nothing when all are closed, when there are none, and while they load', async () => {
    document.cookie = `${COOKIE}=1.3; path=/`;
    const { container, unmount } = renderBanner();
    await waitFor(() => expect(api.seen).toHaveLength(1));
    expect(container.querySelector('section')).toBeNull();
    unmount();

    shown = [];
    const empty = renderBanner();
    expect(empty.container.querySelector('section')).toBeNull();
    await waitFor(() => expect(api.seen).toHaveLength(2));
    expect(empty.container.querySelector('section')).toBeNull();
  });

  it('still works when the stored list is not what it wrote', async () => {
    document.cookie = `${COOKIE}=${encodeURIComponent('{broken')}; path=/`;
    renderBanner();
    await banner();
    expect(screen.getAllByRole('note')).toHaveLength(2);
  });
});
