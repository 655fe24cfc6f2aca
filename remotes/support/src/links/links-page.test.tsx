/** @jest-environment-options {"url": "http://127.0.0.1:25236"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Link } from '@shop/contracts';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, useFakeClock } from '@shop/test-utils';
import supportModule from '../module';
import LinksPage from './links-page';

// A stateful fake of the dashboard list, so a delete shows in the next answer.
let links: Link[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25236, ({ method, url }) => {
    if (method === 'GET' && url.pathname === '/api/dashboard/links') {
      const type = url.searchParams.get('type');
      const found = links.filter((link) => !type || link.type === type);
      return { data: found, meta: { current_page: 1, last_page: 1, per_page: 20, total: found.length } };
    }
    const one = /^\/api\/dashboard\/links\/(\d+)$/.exec(url.pathname);
    if (method === 'DELETE' && one) {
      links = links.filter((link) => link.id !== Number(one[1]));
      return { message: 'پیوند حذف شد.' };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  links = [
    { id: 1, type: 'product-related-question', title: 'پس از خرید، دوره را چطور ببینم؟', text: 'دوره در پروفایل شما قرار می‌گیرد.' },
    { id: 2, type: 'question', title: 'چطور با شما تماس بگیرم؟', text: 'از صفحه تماس با ما تیکت بفرستید.' },
    { id: 3, type: 'link', title: 'گیت‌هاب', text: 'https://github.com/neveshtar' },
  ];
});

const renderLinks = (url = '/dashboard/links') => renderPage(<LinksPage />, { url, path: '/dashboard/links', user: aUser({ status: 'super' }) });
const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;
const listTypes = () => api.seen.filter((r) => r.method === 'GET').map((r) => r.url.searchParams.get('type'));

describe('links list (/dashboard/links)', () => {
  it('is a dashboard route behind manage-links, with its add and edit pages and a nav entry', () => {
    const permissions = Object.fromEntries(supportModule.dashboardRoutes.map((route) => [route.path, route.permission]));
    expect(permissions['/dashboard/links']).toBe('manage-links');
    expect(permissions['/dashboard/links/add-link']).toBe('manage-links');
    expect(permissions['/dashboard/links/:editLinkId']).toBe('manage-links');
    expect(supportModule.dashboardNav.find((item) => item.path === '/dashboard/links')).toMatchObject({ icon: 'Link', permission: 'manage-links' });
  });

  it('lists every type with its Persian name; a footer link’s address reads left to right', async () => {
    renderLinks();
    await screen.findByRole('link', { name: 'گیت‌هاب' });
    expect(within(row('پس از خرید، دوره را چطور ببینم؟')).getByText('پرسش درباره دوره‌ها')).toBeTruthy();
    expect(within(row('چطور با شما تماس بگیرم؟')).getByText('پرسش (سایر پرسش‌ها)')).toBeTruthy();
    const footer = row('گیت‌هاب');
    expect(within(footer).getByText('پیوند پایین صفحه')).toBeTruthy();
    expect(within(footer).getByText('https://github.com/neveshtar').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('۳ مورد')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'گیت‌هاب' }).getAttribute('href')).toBe('/dashboard/links/3');
  });

  it('filters by type, kept in the URL and sent as the type query', async () => {
    renderLinks();
    await screen.findByRole('link', { name: 'گیت‌هاب' });
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'پیوند پایین صفحه' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/links?type=link'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'چطور با شما تماس بگیرم؟' })).toBeNull());
    expect(screen.getByRole('link', { name: 'گیت‌هاب' })).toBeTruthy();
    expect(listTypes()).toEqual([null, 'link']);
  });

  describe('undoable delete (issue 32 item 5)', () => {
    const setup = useFakeClock();

    it('deletes without a dialog: the row leaves at once, «بازگردانی» waits 10 seconds, then the DELETE goes', async () => {
      const user = setup();
      renderLinks('/dashboard/links?type=question');
      await screen.findByRole('link', { name: 'چطور با شما تماس بگیرم؟' });
      await clickWithUndo(user, screen.getByRole('button', { name: 'حذف «چطور با شما تماس بگیرم؟»' }), '«چطور با شما تماس بگیرم؟» حذف شد.');
      expect(screen.getByText('موردی با این نوع ثبت نشده است.')).toBeTruthy();
      expect(screen.getByText('۰ مورد')).toBeTruthy();
      await expectSentAfterUndoWindow(() => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname), ['/api/dashboard/links/2']);
      await waitFor(() => expect(listTypes()).toEqual(['question', 'question']));
      expect(screen.getByText('موردی با این نوع ثبت نشده است.')).toBeTruthy();
    });
  });
});
