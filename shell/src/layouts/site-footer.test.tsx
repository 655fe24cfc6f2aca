import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter } from '@shop/router';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('links the FAQ, terms and contact pages, and the RSS feeds as plain links', () => {
    render(
      <AppThemeProvider>
        <MemoryRouter>
          <SiteFooter />
        </MemoryRouter>
      </AppThemeProvider>,
    );
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

  it('index.html announces both feeds to feed readers', () => {
    const html = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    for (const href of ['/feeds/posts.xml', '/feeds/podcasts.xml']) {
      expect(head).toMatch(new RegExp(`<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${href.replace(/\./g, '\\.')}" />`));
    }
  });
});
