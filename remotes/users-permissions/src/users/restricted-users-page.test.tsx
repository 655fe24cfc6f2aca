/** @jest-environment-options {"url": "http://127.0.0.1:25194"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User, WriteCommentStatus } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import RestrictedUsersPage from './restricted-users-page';

const TEMPORARY = '/dashboard/users/list-users-restricted-from-posting-comments-temporarily';
const PERMANENT = '/dashboard/users/list-users-restricted-from-posting-comments-permanently';
const initialPeople = (): User[] => [
  aUser({ id: 4, full_name: 'بهرام موقت', email: 'bahram@example.com', write_comment_status: 'temporarily-barred', comment_barred_until: '2026-11-22T11:00:00Z' }),
  aUser({ id: 5, full_name: 'مینا موقت', email: 'mina@example.com', mobile: null, write_comment_status: 'temporarily-barred', comment_barred_until: '2026-12-01T06:15:00Z' }),
  aUser({ id: 6, full_name: 'کاوه دائمی', email: 'kaveh@example.com', write_comment_status: 'barred' }),
];
let people = initialPeople();

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25194, ({ method, url, json }) => {
    const restriction = /^\/api\/dashboard\/users\/(\d+)\/comment-status$/.exec(url.pathname);
    if (restriction && method === 'POST') {
      const body = json as { write_comment_status: WriteCommentStatus };
      people = people.map((p) => (p.id === Number(restriction[1]) ? { ...p, write_comment_status: body.write_comment_status, comment_barred_until: null } : p));
      return { data: people.find((p) => p.id === Number(restriction[1])) };
    }
    if (url.pathname !== '/api/dashboard/users') return undefined;
    const found = people.filter((p) => p.write_comment_status === url.searchParams.get('write_comment_status'));
    return { data: found, meta: { current_page: 1, last_page: 1, per_page: 15, total: found.length } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  people = initialPeople();
});

const asked = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/users').map((r) => r.url.searchParams.get('write_comment_status'));
const renderList = (url: string) => renderPage(<RestrictedUsersPage />, { url, user: aUser({ id: 1, status: 'super' }) });

describe('restricted users lists (/dashboard/users/list-users-restricted-from-posting-comments-*)', () => {
  it('lists the temporarily barred users with the end of each bar in Jalali date and time', async () => {
    renderList(TEMPORARY);
    expect(screen.getByRole('heading', { name: 'محدودیت موقت دیدگاه' })).toBeTruthy();
    const row = (await screen.findByText('بهرام موقت')).closest('tr')!;
    expect(within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'بهرام موقت', 'bahram@example.com', '۰۹۱۲ ۱۲۳ ۴۵۶۷', formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true }),
    ]);
    expect(within(screen.getByText('مینا موقت').closest('tr')!).getByText('۱۰ آذر ۱۴۰۵، ساعت ۰۹:۴۵')).toBeTruthy();
    expect(screen.queryByText('کاوه دائمی')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'پایان محدودیت' })).toBeTruthy();
    expect(asked()).toEqual(['temporarily-barred']);
  });

  it('frees a user: posts «allowed», toasts, and the row leaves the list', async () => {
    renderList(TEMPORARY);
    await userEvent.click(await screen.findByRole('button', { name: 'آزاد کردن «بهرام موقت»' }));
    expect(await screen.findByText('«بهرام موقت» دوباره می‌تواند دیدگاه بنویسد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('بهرام موقت')).toBeNull());
    expect(screen.getByText('مینا موقت')).toBeTruthy();
    const post = api.seen.find((r) => r.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/dashboard/users/4/comment-status');
    expect(post.json).toEqual({ write_comment_status: 'allowed' });
  });

  it('lists the permanently barred users, and says so when nobody is left', async () => {
    renderList(PERMANENT);
    expect(screen.getByRole('heading', { name: 'محدودیت دائمی دیدگاه' })).toBeTruthy();
    expect(await screen.findByText('کاوه دائمی')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'پایان محدودیت' })).toBeNull();
    expect(asked()).toEqual(['barred']);
    await userEvent.click(screen.getByRole('button', { name: 'آزاد کردن «کاوه دائمی»' }));
    expect(await screen.findByText('کاربری با این محدودیت وجود ندارد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'کاربران' }).getAttribute('href')).toBe('/dashboard/users');
  });

  it('offers «خروجی CSV» of the list\'s users, with its search (issue 26)', async () => {
    renderList(`${TEMPORARY}?q=${encodeURIComponent('موقت')}`);
    const link = await screen.findByRole('link', { name: 'خروجی CSV محدودیت موقت دیدگاه' });
    const href = new URL(link.getAttribute('href')!, 'http://127.0.0.1');
    expect(href.pathname).toBe('/api/dashboard/users/export');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ q: 'موقت', write_comment_status: 'temporarily-barred' });
  });
});
