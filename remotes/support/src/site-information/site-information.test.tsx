/** @jest-environment-options {"url": "http://127.0.0.1:25106"} */
import { screen } from '@testing-library/react';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import supportModule from '../module';
import AboutMePage from './about-me-page';
import AboutMeSlot from './about-me-slot';
import TermsPage from './terms-page';
import { withoutRepeatedTitle } from './site-text-page';
import { aSiteInformation } from './site-information-fixture';

const longParagraph = 'من برنامه‌نویس و مدرس هستم و سال‌هاست درباره وب می‌نویسم. '.repeat(10);
const info = aSiteInformation({
  about_me: `<h2>سلام!</h2><p>${longParagraph}</p><p><strong>پایان</strong></p>`,
  terms_and_conditions: '<h2>شرایط استفاده</h2><ol><li>احترام به دیگران</li><li>رعایت قانون</li></ol>',
});

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25106, ({ url }) => (url.pathname === '/api/site-information' ? { data: info } : undefined));
});
afterAll(() => api.close());

describe('about-me and terms (SPEC §2)', () => {
  it('/about-me renders the about-me text as rich text, behind the signed-in gate', async () => {
    renderPage(<AboutMePage />, { url: '/about-me', user: aUser() });
    expect(screen.getByRole('heading', { level: 1, name: 'درباره من' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'سلام!' })).toBeTruthy();
    expect(screen.getByText('پایان').tagName).toBe('STRONG');
    expect(supportModule.publicRoutes.find((route) => route.path === '/about-me')?.guard).toBe('signed-in');
  });

  it('/terms-and-conditions renders the terms', async () => {
    renderPage(<TermsPage />, { url: '/terms-and-conditions' });
    expect(screen.getByRole('heading', { level: 1, name: 'قوانین و مقررات' })).toBeTruthy();
    expect((await screen.findAllByRole('listitem')).map((item) => item.textContent)).toEqual(['احترام به دیگران', 'رعایت قانون']);
  });

  it('/terms-and-conditions shows its title once when the text starts with the same heading (issue 22 item 14)', async () => {
    const before = info.terms_and_conditions;
    info.terms_and_conditions = '<h2> قوانین و <em>مقررات</em></h2>\n<p>متن قوانین</p>';
    try {
      renderPage(<TermsPage />, { url: '/terms-and-conditions' });
      expect(await screen.findByText('متن قوانین')).toBeTruthy();
      expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['قوانین و مقررات']);
    } finally {
      info.terms_and_conditions = before;
    }
  });

  it('keeps a leading heading that says something else than the title', () => {
    expect(withoutRepeatedTitle('<h2>شرایط استفاده</h2><p>متن</p>', 'قوانین و مقررات')).toBe('<h2>شرایط استفاده</h2><p>متن</p>');
    expect(withoutRepeatedTitle('<p>قوانین و مقررات</p>', 'قوانین و مقررات')).toBe('<p>قوانین و مقررات</p>');
  });

  it('the home slot shows the start of about-me as plain text and links to /about-me', async () => {
    renderPage(<AboutMeSlot />, { url: '/' });
    const excerpt = await screen.findByText(/^سلام! من برنامه‌نویس/);
    expect(excerpt.textContent!.length).toBeLessThanOrEqual(301);
    expect(excerpt.textContent!.endsWith('…')).toBe(true);
    expect(excerpt.querySelector('*')).toBeNull();
    expect(screen.queryByText('پایان')).toBeNull();
    expect(screen.getByRole('link', { name: 'بیشتر درباره من' }).getAttribute('href')).toBe('/about-me');
  });
});
