/** @jest-environment-options {"url": "http://127.0.0.1:25431/"} */
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { aUser, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import { useResendVerificationEmailMutation } from '../auth/auth-api';

const SPECIFIC = 'این عملیات معتبر نیست: این کاربر دوره خریده است و حذف نمی‌شود.';
const GENERIC = 'این عملیات معتبر نیست.';

// Every call is refused as a sold course's delete is (405 with the server's generic message).
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25431, ({ url }) => (url.pathname.startsWith('/api/') ? { status: 405, body: { message: GENERIC } } : undefined));
});
afterAll(() => api.close());

/** A write whose screen shows the refusal itself when `claims`, as the dashboard's delete does. */
function Action({ claims }: { claims: boolean }) {
  const [call] = useResendVerificationEmailMutation();
  const [refusal, setRefusal] = useState('');
  const run = async () => {
    try {
      await call().unwrap();
    } catch (error) {
      if (claims) {
        claimApiError(error as FetchBaseQueryError);
        setRefusal(SPECIFIC);
      }
    }
  };
  return (
    <>
      <button type="button" onClick={() => void run()}>
        اقدام
      </button>
      {refusal && <p role="alert">{refusal}</p>}
    </>
  );
}

describe('one error, one message (issue 22 item 11)', () => {
  it('adds no toast to an error the screen shows itself', async () => {
    renderInShell('/dashboard', { '/dashboard': <Action claims /> }, aUser({ status: 'super' }));
    await userEvent.click(screen.getByRole('button', { name: 'اقدام' }));
    expect(await screen.findByText(SPECIFIC)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(GENERIC)).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('still toasts an error no screen shows', async () => {
    renderInShell('/dashboard', { '/dashboard': <Action claims={false} /> }, aUser({ status: 'super' }));
    await userEvent.click(screen.getByRole('button', { name: 'اقدام' }));
    expect(await screen.findByText(GENERIC)).toBeTruthy();
  });
});
