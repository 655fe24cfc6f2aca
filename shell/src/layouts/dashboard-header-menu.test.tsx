/** @jest-environment-options {"url": "http://127.0.0.1:25412/dashboard"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardOverview } from '@shop/contracts';
import { aUser, currentLocation, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import { DashboardHeaderMenu } from './dashboard-header-menu';

/** What the server answers for the signed-in user (it leaves out what their permissions do not allow). */
let overview: DashboardOverview = {};
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25412, ({ url }) => (url.pathname === '/api/dashboard/overview' ? { data: overview } : undefined));
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const overviewRequests = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/overview').length;

function renderMenu(permissions: string[] | 'super') {
  const user = permissions === 'super' ? aUser({ status: 'super' }) : aUser({ status: 'staff', permissions: permissions.map((name, i) => ({ id: i + 1, name })) });
  return renderInShell('/dashboard', { '/dashboard': <DashboardHeaderMenu />, '/dashboard/*': <p>بخش داشبورد</p> }, user);
}

describe('DashboardHeaderMenu (SPEC §2; issue 8)', () => {
  it('shows what awaits as a badge and on each entry, and opens the section', async () => {
    overview = { unread_tickets: 3, pending_comments: 12, new_users_this_week: 4 };
    const user = userEvent.setup();
    renderMenu('super');
    const button = await screen.findByRole('button', { name: 'تیکت‌ها و دیدگاه‌ها: ۱۵ مورد در انتظار' });
    expect(within(button).getByText('۱۵')).toBeTruthy();
    await user.click(button);
    const menu = await screen.findByRole('menu');
    const tickets = within(menu).getByRole('menuitem', { name: /تیکت‌ها/ });
    expect(within(tickets).getByText('۳ تیکت خوانده‌نشده')).toBeTruthy();
    const comments = within(menu).getByRole('menuitem', { name: /دیدگاه‌ها/ });
    expect(within(comments).getByText('۱۲ دیدگاه در انتظار تأیید')).toBeTruthy();
    await user.click(tickets);
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us'));
    expect(overviewRequests()).toBe(1);
  });

  it("shows only the entries the staff member's permissions allow, with their count", async () => {
    overview = { pending_comments: 2 };
    const user = userEvent.setup();
    renderMenu(['show-comments', 'manage-posts']);
    await user.click(await screen.findByRole('button', { name: 'تیکت‌ها و دیدگاه‌ها: ۲ مورد در انتظار' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe('دیدگاه‌ها۲ دیدگاه در انتظار تأیید');
  });

  it('has no badge when nothing awaits', async () => {
    overview = { unread_tickets: 0, pending_comments: 0 };
    renderMenu('super');
    await waitFor(() => expect(overviewRequests()).toBe(1));
    const button = await screen.findByRole('button', { name: 'تیکت‌ها و دیدگاه‌ها' });
    expect(within(button).queryByText('۰')).toBeNull();
  });

  it('refreshes the counts when the window gets the focus back', async () => {
    overview = { unread_tickets: 1, pending_comments: 0 };
    renderMenu('super');
    expect(await screen.findByRole('button', { name: 'تیکت‌ها و دیدگاه‌ها: ۱ مورد در انتظار' })).toBeTruthy();
    overview = { unread_tickets: 4, pending_comments: 0 };
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: 'تیکت‌ها و دیدگاه‌ها: ۴ مورد در انتظار' })).toBeTruthy();
    expect(overviewRequests()).toBe(2);
  });

  it('is not there, and asks for nothing, for staff who may open neither section', async () => {
    renderMenu(['manage-posts']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button')).toBeNull();
    expect(overviewRequests()).toBe(0);
  });
});
