/** @jest-environment-options {"url": "http://127.0.0.1:25102"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage } from '@shop/test-utils';
import ProfilePage from './profile-page';

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;

describe('ProfilePage (/profile)', () => {
  it('opens on #home with the user’s details from the store, in the summary and the edit form', () => {
    renderPage(<ProfilePage />, { url: '/profile', user: aUser() });
    expect(selectedTab()).toBe('مشخصات من');
    expect(screen.getByRole('heading', { name: 'سارا محمدی' })).toBeTruthy();
    expect(screen.getByText('sara@example.com').getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('تأیید شده')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ارسال دوباره ایمیل تأیید' })).toBeNull();
    expect(screen.getAllByText('کاربر عادی').length).toBeGreaterThan(0);
    expect(screen.getByText(formatJalaliDate('2025-03-01T08:00:00Z'))).toBeTruthy();
    expect(formatJalaliDate('2025-03-01T08:00:00Z')).toBe('۱۱ اسفند ۱۴۰۳');
    const form = screen.getByRole('form', { name: 'ویرایش مشخصات' });
    expect((within(form).getByRole('textbox', { name: 'نام و نام خانوادگی' }) as HTMLInputElement).value).toBe('سارا محمدی');
    expect((within(form).getByRole('textbox', { name: 'ایمیل' }) as HTMLInputElement).value).toBe('sara@example.com');
    const mobile = within(form).getByRole('textbox', { name: 'شماره موبایل' }) as HTMLInputElement;
    // Persian digits in the national form (issue 22 item 8).
    expect(mobile.value).toBe('۰۹۱۲ ۱۲۳ ۴۵۶۷');
    expect(mobile.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('form', { name: 'تغییر رمز عبور' })).toBeTruthy();
  });

  it('names staff and super users in Persian and offers a new verification email when unverified', () => {
    renderPage(<ProfilePage />, { url: '/profile#home', user: aUser({ status: 'staff', is_email_verified: false, mobile: null }) });
    expect(screen.getAllByText('کارمند').length).toBeGreaterThan(0);
    expect(screen.getByText('تأیید نشده')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'شماره موبایل' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'ارسال دوباره ایمیل تأیید' }).getAttribute('href')).toBe('/resend-verification-email');
  });

  it('marks a mobile verified by an SMS code, with no «تأیید شماره» (issue 26)', () => {
    renderPage(<ProfilePage />, { url: '/profile#home', user: aUser({ is_mobile_verified: true }) });
    expect(screen.getByLabelText('وضعیت شماره موبایل: تأیید شده')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'تأیید شماره' })).toBeNull();
  });

  it('switching tabs sets the hash, and the bought-products tab lists the store’s products', async () => {
    renderPage(<ProfilePage />, {
      url: '/profile#home',
      user: aUser({ status: 'super' }),
      buyedProducts: [{ id: 4, title: 'دوره جامع تایپ‌اسکریپت', slug: 'ts', image: null, bought_at: '2025-04-01T10:00:00Z', progress: { done: 0, total: 1, resume_session_id: 40, left: [{ session_id: 40, title: 'مقدمه', kind: 'lesson' }] } }],
    });
    expect(screen.getAllByText('مدیر کل').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('tab', { name: 'دوره‌های خریده‌شده' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile#buyed-products'));
    expect(selectedTab()).toBe('دوره‌های خریده‌شده');
    const link = screen.getByRole('link', { name: 'دوره جامع تایپ‌اسکریپت' });
    expect(link.getAttribute('href')).toBe('/products/4');
    expect(link.closest('li')!.textContent).toContain(`خریداری شده در ${formatJalaliDate('2025-04-01T10:00:00Z')}`);

    fireEvent.click(screen.getByRole('tab', { name: 'نوشته‌های پسندیده' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile#favorites-posts'));
    expect(selectedTab()).toBe('نوشته‌های پسندیده');
  });

  it('follows the hash it is opened with', () => {
    renderPage(<ProfilePage />, { url: '/profile#favorites-podcasts', user: aUser() });
    expect(selectedTab()).toBe('پادکست‌های پسندیده');
  });

  // A sales agent's «همکاری در فروش» (issue 36 item 4) comes after them, for agents only: agent-tab.test.tsx.
  it('lists its tabs in order, the wallet «کیف پول» (issue 36 item 3) and the instalments «اقساط» (issue 36 item 2) last for a user who is not a sales agent, and opens each by its hash', () => {
    renderPage(<ProfilePage />, { url: '/profile#wallet', user: aUser() });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'مشخصات من',
      'نوشته‌های پسندیده',
      'پادکست‌های پسندیده',
      'دوره‌های خریده‌شده',
      'پیام‌های من',
      'کیف پول',
      'اقساط',
    ]);
    expect(selectedTab()).toBe('کیف پول');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-wallet');
  });

  it('opens the instalments tab «اقساط» by its hash (issue 36 item 2)', () => {
    renderPage(<ProfilePage />, { url: '/profile#instalments', user: aUser() });
    expect(selectedTab()).toBe('اقساط');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-instalments');
  });

  it('shows an honest empty state when nothing was bought', () => {
    renderPage(<ProfilePage />, { url: '/profile#buyed-products', user: aUser() });
    expect(screen.getByText('هنوز دوره‌ای نخریده‌اید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهده دوره‌ها' }).getAttribute('href')).toBe('/products');
  });

  it('shows #home for an unknown hash', () => {
    renderPage(<ProfilePage />, { url: '/profile#nowhere', user: aUser() });
    expect(selectedTab()).toBe('مشخصات من');
  });
});
