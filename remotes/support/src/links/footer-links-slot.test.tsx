/** @jest-environment-options {"url": "http://127.0.0.1:25235"} */
import { screen, waitFor, within } from '@testing-library/react';
import type { Link } from '@shop/contracts';
import { renderPage, startApiServer } from '@shop/test-utils';
import supportModule from '../module';
import FooterLinksSlot from './footer-links-slot';

let links: Link[] = [];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25235, ({ url }) =>
    url.pathname === '/api/links' ? { data: links.filter((link) => link.type === url.searchParams.get('type')) } : undefined,
  );
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

describe('footer links (slot footer.links)', () => {
  it('fills the footer’s links slot', () => {
    expect(supportModule.slots['footer.links']).toBeDefined();
  });

  it('lists the links of type link: a site path in the app, an external address in a new tab without an opener', async () => {
    links = [
      { id: 1, type: 'link', title: 'گیت‌هاب پروژه', text: 'https://github.com/neveshtar' },
      { id: 2, type: 'link', title: 'همه نوشته‌ها', text: '/posts' },
      { id: 3, type: 'question', title: 'پرسشی که پیوند نیست', text: 'پاسخ' },
    ];
    renderPage(<FooterLinksSlot />, { url: '/' });
    const nav = await screen.findByRole('navigation', { name: 'پیوندهای بیشتر' });
    const external = within(nav).getByRole('link', { name: 'گیت‌هاب پروژه (در زبانه تازه باز می‌شود)' });
    expect(external.getAttribute('href')).toBe('https://github.com/neveshtar');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    const internal = within(nav).getByRole('link', { name: 'همه نوشته‌ها' });
    expect(internal.getAttribute('href')).toBe('/posts');
    expect(internal.getAttribute('target')).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
    expect(api.seen.map((r) => r.url.searchParams.get('type'))).toEqual(['link']);
  });

  it('renders nothing when there are no links', async () => {
    links = [{ id: 3, type: 'question', title: 'پرسش', text: 'پاسخ' }];
    const { container } = renderPage(<FooterLinksSlot />, { url: '/' });
    await waitFor(() => expect(api.seen).toHaveLength(1));
    expect(container.querySelector('nav')).toBeNull();
  });
});
