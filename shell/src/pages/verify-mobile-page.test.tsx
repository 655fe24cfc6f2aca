/** @jest-environment-options {"url": "http://127.0.0.1:25426/"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCurrentUser } from '@shop/api-client';
import { aUser, currentLocation, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import VerifyMobilePage from './verify-mobile-page';

// The API as the contract says (issue 26): a code for the user's own mobile, verified by 24680.
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25426, ({ url, json }) => {
    if (url.pathname === '/api/auth/sms-code') return { message: 'کد پیامک شد.' };
    if (url.pathname !== '/api/auth/verify-mobile') return undefined;
    return ['246802', '۲۴۶۸۰۲'].includes((json as { code: string }).code) ? { message: 'شماره موبایل شما با موفقیت تأیید شد.' } : undefined;
  });
});
afterAll(() => api.close());

const routes = { '/verify-mobile': <VerifyMobilePage /> };

describe('/verify-mobile (the profile\'s «تأیید شماره»)', () => {
  it('runs the verify step for the user\'s own mobile, marks it verified in the store and goes back to ?redirect=', async () => {
    const user = userEvent.setup();
    const { store } = renderInShell('/verify-mobile?redirect=%2Fprofile', routes, aUser({ mobile: '+989121234567', is_mobile_verified: false }));
    expect(screen.getByRole('heading', { name: 'تأیید شماره موبایل' })).toBeTruthy();
    expect(screen.queryByLabelText('شماره موبایل')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    await user.type(await screen.findByLabelText('کد ۶ رقمی'), '246802');
    expect(api.seen.find((r) => r.url.pathname === '/api/auth/sms-code')!.json).toEqual({ mobile: '+989121234567', purpose: 'verify-mobile' });
    await user.click(screen.getByRole('button', { name: 'تأیید شماره' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
    expect(selectCurrentUser(store.getState())!.is_mobile_verified).toBe(true);
  });

  it('says so for a mobile already verified, with a way back', () => {
    renderInShell('/verify-mobile', routes, aUser({ is_mobile_verified: true }));
    expect(screen.getByText('شماره موبایل شما تأیید شده است.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت' }).getAttribute('href')).toBe('/profile#home');
  });
});
