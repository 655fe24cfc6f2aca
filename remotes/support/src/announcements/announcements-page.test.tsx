/** @jest-environment-options {"url": "http://127.0.0.1:25232"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Announcement } from '@shop/contracts';
import { deleteOnList } from '@shop/dashboard-ui';
import { formatJalaliDate } from '@shop/format';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
import supportModule from '../module';
import AnnouncementsPage from './announcements-page';
import { anAnnouncement } from './announcement-fixture';

// A stateful fake of the dashboard list, so a delete shows in the next answer.
let announcements: Announcement[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25232, ({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/dashboard/announcements') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const rows = page === 2 ? [anAnnouncement({ id: 40, title: 'اطلاعیه صفحه دوم' })] : announcements;
      return { data: rows, meta: { current_page: page, last_page: 2, per_page: 15, total: announcements.length + 15 } };
    }
    const one = /^\/api\/dashboard\/announcements\/(\d+)$/.exec(url.pathname);
    if (method === 'DELETE' && one) {
      announcements = announcements.filter((announcement) => announcement.id !== Number(one[1]));
      return { message: 'اطلاعیه حذف شد.' };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  announcements = [
    anAnnouncement({ id: 1, title: 'تخفیف نوروزی', status: 'active', expired_at: '2099-03-20T20:30:00Z' }),
    anAnnouncement({ id: 2, title: 'قطعی برنامه‌ریزی‌شده', status: 'inactive', expired_at: '2025-01-01T08:00:00Z', is_expired: true }),
  ];
});

const renderList = (url = '/dashboard/announcements', state?: unknown) =>
  renderPage(<AnnouncementsPage />, { url, path: '/dashboard/announcements', user: aUser({ status: 'super' }), state });
const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

describe('announcements list (/dashboard/announcements)', () => {
  it('is a dashboard route behind manage-announcements, with its add and edit pages and a nav entry', () => {
    const permissions = Object.fromEntries(supportModule.dashboardRoutes.map((route) => [route.path, route.permission]));
    expect(permissions['/dashboard/announcements']).toBe('manage-announcements');
    expect(permissions['/dashboard/announcements/add-announcement']).toBe('manage-announcements');
    expect(permissions['/dashboard/announcements/:editAnnouncementId']).toBe('manage-announcements');
    expect(supportModule.dashboardNav.find((item) => item.path === '/dashboard/announcements')).toMatchObject({ label: 'اطلاعیه‌ها', icon: 'Campaign' });
  });

  it('shows title, status, expiry in Jalali date and time, and «منقضی‌شده» for a passed one', async () => {
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'اطلاعیه‌ها' })).toBeTruthy();
    await screen.findByRole('link', { name: 'تخفیف نوروزی' });
    const active = row('تخفیف نوروزی');
    expect(within(active).getByText('فعال')).toBeTruthy();
    expect(within(active).getByText(formatJalaliDate('2099-03-20T20:30:00Z', { withTime: true }))).toBeTruthy();
    expect(within(active).queryByText('منقضی‌شده')).toBeNull();
    const expired = row('قطعی برنامه‌ریزی‌شده');
    expect(within(expired).getByText('غیرفعال')).toBeTruthy();
    expect(within(expired).getByText('منقضی‌شده')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'تخفیف نوروزی' }).getAttribute('href')).toBe('/dashboard/announcements/1');
    expect(screen.getByRole('link', { name: 'افزودن اطلاعیه' }).getAttribute('href')).toBe('/dashboard/announcements/add-announcement');
    expect(screen.getByText('۱۷ اطلاعیه')).toBeTruthy();
  });

  it('pages with the page kept in the URL', async () => {
    renderList();
    await screen.findByRole('link', { name: 'تخفیف نوروزی' });
    await userEvent.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/announcements?page=2'));
    expect(await screen.findByRole('link', { name: 'اطلاعیه صفحه دوم' })).toBeTruthy();
    expect(api.seen.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  describe('undoable delete (issue 32 item 5)', () => {
    const setup = useFakeClock();
    const deletes = () => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname);

    it('hides the row at once with «بازگردانی», no dialog, and sends the delete after 10 seconds', async () => {
      const user = setup();
      renderList();
      await screen.findByRole('link', { name: 'قطعی برنامه‌ریزی‌شده' });
      await clickWithUndo(user, screen.getByRole('button', { name: 'حذف «قطعی برنامه‌ریزی‌شده»' }), 'اطلاعیه «قطعی برنامه‌ریزی‌شده» حذف شد.');
      expect(screen.queryByRole('link', { name: 'قطعی برنامه‌ریزی‌شده' })).toBeNull();
      expect(screen.getByText('۱۶ اطلاعیه')).toBeTruthy();
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/announcements/2']);
      await waitFor(() => expect(api.seen.filter((r) => r.method === 'GET')).toHaveLength(2));
      expect(screen.queryByRole('link', { name: 'قطعی برنامه‌ریزی‌شده' })).toBeNull();
      expect(screen.getByText('۱۶ اطلاعیه')).toBeTruthy();
    });

    it('deletes the announcement its edit page handed over, with the same window', async () => {
      setup();
      renderList('/dashboard/announcements', deleteOnList(announcements[1]));
      await screen.findByText('اطلاعیه «قطعی برنامه‌ریزی‌شده» حذف شد.');
      await screen.findByRole('link', { name: 'تخفیف نوروزی' });
      expect(screen.queryByRole('link', { name: 'قطعی برنامه‌ریزی‌شده' })).toBeNull();
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/announcements/2']);
    });

    it('«بازگردانی» brings the row back and nothing is sent; leaving the page sends what waits', async () => {
      const user = setup();
      const { unmount } = renderList();
      await screen.findByRole('link', { name: 'تخفیف نوروزی' });
      await user.click(screen.getByRole('button', { name: 'حذف «تخفیف نوروزی»' }));
      await screen.findByRole('button', { name: 'بازگردانی' });
      await undoAndExpectNothingSent(user, deletes);
      expect(await screen.findByRole('link', { name: 'تخفیف نوروزی' })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'حذف «قطعی برنامه‌ریزی‌شده»' }));
      unmount();
      await waitFor(() => expect(deletes()).toEqual(['/api/dashboard/announcements/2']));
    });
  });
});
