/** @jest-environment-options {"url": "http://127.0.0.1:25121"} */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createListenerMiddleware, isRejectedWithValue, makeStore, Provider, userReceived, type FetchBaseQueryError } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { aUser, renderPage } from '@shop/test-utils';
import { LikeButton } from './like-button';
import { startApiServer } from '@shop/test-utils';

type Answer = { status: number; body: unknown };
let next: (answer: Answer) => void = () => undefined;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25121, (request) => {
    if (request.url.pathname !== '/api/like') return undefined;
    // The test decides when and how the server answers.
    return new Promise<Answer>((resolve) => {
      next = resolve;
    });
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

/** The button's screen-reader announcement (the page probe is an <output>, also a status). */
const announcement = () => document.querySelector('span[role="status"]')?.textContent;
const likeRequests = () => api.seen.filter((r) => r.url.pathname === '/api/like');

describe('LikeButton', () => {
  it('counts the like at once, sends SPEC §3 payload, then shows the server count', async () => {
    renderPage(<LikeButton type="post" id={3} likesCount={12} likedByMe={false} />, { url: '/posts/3', user: aUser({ id: 7 }) });
    await userEvent.click(screen.getByRole('button', { name: 'پسندیدن، ۱۲ پسند' }));
    const button = screen.getByRole('button', { name: 'پسندیده‌اید، ۱۳ پسند' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(likeRequests()).toHaveLength(1));
    expect(likeRequests()[0]!.json).toEqual({ user_id: 7, likeable_id: 3, likeable_type: 'post' });
    act(() => next({ status: 201, body: { message: 'پسندیده شد.', data: { likeable_type: 'post', likeable_id: 3, likes_count: 20 } } }));
    expect(await screen.findByRole('button', { name: 'پسندیده‌اید، ۲۰ پسند' })).toBeTruthy();
    expect(announcement()).toBe('پسندیده شد.');
  });

  it('on a second like (422) takes the count back, stays liked and carries the server message', async () => {
    // The shell's error catalogue reads rejected API actions like this listener does, and toasts the message.
    const messages: string[] = [];
    const listener = createListenerMiddleware();
    listener.startListening({
      predicate: isRejectedWithValue,
      effect: (action) => {
        const error = action.payload as FetchBaseQueryError;
        messages.push(String((('data' in error ? error.data : {}) as { message?: string }).message));
      },
    });
    const store = makeStore(undefined, [listener.middleware]);
    store.dispatch(userReceived({ user: aUser({ id: 7 }) }));
    render(
      <Provider store={store}>
        <AppThemeProvider>
          <LikeButton type="podcast" id={4} likesCount={5} likedByMe={false} />
        </AppThemeProvider>
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'پسندیدن، ۵ پسند' }));
    await waitFor(() => expect(likeRequests()).toHaveLength(1));
    act(() => next({ status: 422, body: { message: 'شما قبلاً این پادکست را پسندیده‌اید.' } }));
    await waitFor(() => expect(announcement()).toBe('شما قبلاً این پادکست را پسندیده‌اید.'));
    expect(screen.getByRole('button', { name: 'پسندیده‌اید، ۵ پسند' }).hasAttribute('disabled')).toBe(true);
    expect(messages).toEqual(['شما قبلاً این پادکست را پسندیده‌اید.']);
  });

  it('is disabled when already liked, and lets a visitor try again after the 401', async () => {
    const { unmount } = renderPage(<LikeButton type="post" id={3} likesCount={8} likedByMe />, { url: '/posts/3' });
    const liked = screen.getByRole('button', { name: 'پسندیده‌اید، ۸ پسند' });
    expect(liked.hasAttribute('disabled')).toBe(true);
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    unmount();

    renderPage(<LikeButton type="post" id={3} likesCount={8} likedByMe={false} />, { url: '/posts/3' });
    await userEvent.click(screen.getByRole('button', { name: 'پسندیدن، ۸ پسند' }));
    await waitFor(() => expect(likeRequests()).toHaveLength(1));
    expect(likeRequests()[0]!.json).toMatchObject({ user_id: 0 });
    act(() => next({ status: 401, body: { message: 'ابتدا وارد شوید.' } }));
    const again = await screen.findByRole('button', { name: 'پسندیدن، ۸ پسند' });
    expect(again.hasAttribute('disabled')).toBe(false);
  });
});
