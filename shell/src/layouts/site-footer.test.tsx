/** @jest-environment-options {"url": "http://127.0.0.1:25414/"} */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { SiteInformation } from '@shop/contracts';
import { startApiServer } from '@shop/test-utils';
import { selectPageError } from '../errors/page-error-slice';
import { renderInShell } from '../testing/render-in-shell';
import { SiteFooter } from './site-footer';

const info: SiteInformation = {
  site_name: 'آکادمی نوشتار',
  short_description: 'نوشته‌ها، پادکست‌ها و دوره‌های برنامه‌نویسی وب به زبان فارسی.',
  about_me: '',
  terms_and_conditions: '',
  contact_email: 'info@example.com',
  contact_phone: '+989123456789',
  address: 'تهران، خیابان انقلاب، پلاک ۱۲',
  social_links: { telegram: 'https://t.me/neveshtar', github: 'https://github.com/neveshtar', youtube: 'javascript:alert(1)' },
  comments_enabled: true,
  tickets_enabled: true,
  selling_enabled: true,
  vat_percent: 0,
  max_devices: 3,
  device_removals_per_month: 2,
  max_concurrent_streams: 1,
};

/** What GET /api/site-information answers: the record, or an error status. */
let answer: SiteInformation | number = info;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25414, ({ url }) =>
    url.pathname === '/api/site-information' ? (typeof answer === 'number' ? { status: answer, body: { message: 'خطای سرور' } } : { data: answer }) : undefined,
  );
});
afterAll(() => api.close());
beforeEach(() => {
  answer = info;
  api.seen.splice(0);
});

/** Renders the footer inside an awaited act: its `footer.links` slot suspends on the support remote. */
async function renderFooter() {
  let result: ReturnType<typeof renderInShell> | undefined;
  await act(async () => {
    result = renderInShell('/', { '/': <SiteFooter /> }, null);
  });
  return result!;
}

describe('SiteFooter', () => {
  it('links the FAQ, terms and contact pages, and the RSS feeds as plain links', async () => {
    await renderFooter();
    expect(screen.getByRole('link', { name: 'پرسش‌های متداول' }).getAttribute('href')).toBe('/frequently-asked-questions');
    expect(screen.getByRole('link', { name: 'قوانین و مقررات' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'تماس با ما' }).getAttribute('href')).toBe('/contact-us');
    for (const [name, href] of [
      ['خوراک نوشته‌ها', '/feeds/posts.xml'],
      ['خوراک پادکست‌ها', '/feeds/podcasts.xml'],
    ]) {
      const feed = screen.getByRole('link', { name });
      expect(feed.getAttribute('href')).toBe(href);
      expect(feed.getAttribute('type')).toBe('application/rss+xml');
      // A router link carries data-discover; a plain <a> lets the browser fetch the XML.
      expect(feed.hasAttribute('data-discover')).toBe(false);
    }
  });

  it('shows the short description, the contact details and the social links of the site information (issue 8)', async () => {
    await renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('نوشته‌ها، پادکست‌ها و دوره‌های برنامه‌نویسی وب به زبان فارسی.')).toBeTruthy();
    const contact = within(footer).getByRole('group', { name: 'راه‌های ارتباط' });
    expect(within(contact).getByRole('link', { name: 'info@example.com' }).getAttribute('href')).toBe('mailto:info@example.com');
    // The phone as the site shows every number (Persian digits, grouped), left to right; the link dials the E.164 number.
    const phone = within(contact).getByRole('link', { name: '۰۹۱۲ ۳۴۵ ۶۷۸۹' });
    expect(phone.getAttribute('href')).toBe('tel:+989123456789');
    expect(phone.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(within(contact).getByText('تهران، خیابان انقلاب، پلاک ۱۲')).toBeTruthy();
    const social = within(footer).getByRole('navigation', { name: 'شبکه‌های اجتماعی' });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['تلگرام', 'https://t.me/neveshtar'],
      ['گیت‌هاب', 'https://github.com/neveshtar'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(within(footer).getByText('© آکادمی نوشتار — همه حقوق این سایت محفوظ است.')).toBeTruthy();
  });

  it('falls back to the built-in name, without contact details, when the site information cannot be read', async () => {
    answer = 500;
    const { store } = await renderFooter();
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/site-information')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© آکادمی نوشتار — همه حقوق این سایت محفوظ است.')).toBeTruthy();
    expect(within(footer).queryByRole('group', { name: 'راه‌های ارتباط' })).toBeNull();
    expect(within(footer).queryByRole('navigation', { name: 'شبکه‌های اجتماعی' })).toBeNull();
    // The error catalogue leaves it alone: no error page, no toast.
    expect(selectPageError(store.getState())).toBeNull();
    expect(screen.queryByText('خطای سرور')).toBeNull();
  });

  it('index.html announces both feeds to feed readers', () => {
    const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    for (const href of ['/feeds/posts.xml', '/feeds/podcasts.xml']) {
      expect(head).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${href.replace(/\./g, '\\.')}" />`));
    }
  });
});
