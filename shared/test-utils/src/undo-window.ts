import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The dashboard's undo window (`UNDO_DELAY_MS` of `@shop/dashboard-ui`; issue 26, issue 32 item 5). */
const UNDO_WINDOW_MS = 10_000;

/**
 * Fake timers in each test of the enclosing `describe` (or file) that still let requests, React and
 * the user's events run, for the dashboard's undo window (issue 32 item 5) and other waits.
 * @returns `setup()`: a `userEvent` that moves the fake clock on as it types and clicks
 * @example
 * const setup = useFakeClock();
 * it('…', async () => { const user = setup(); await user.click(…); await expectSentAfterUndoWindow(deletes, ['/api/dashboard/links/2']); });
 */
export function useFakeClock(): () => ReturnType<typeof userEvent.setup> {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());
  return () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}

/**
 * Runs the undo window out on the fake clock of {@link useFakeClock} and checks that the action
 * waited for all of it: `sent()` (the requests recorded so far) has not changed 100 ms before the
 * end, and is `expected` once the window is over.
 */
export async function expectSentAfterUndoWindow(sent: () => unknown[], expected: unknown[]): Promise<void> {
  const before = sent();
  act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS - 100));
  expect(sent()).toEqual(before);
  act(() => jest.advanceTimersByTime(100));
  await waitFor(() => expect(sent()).toEqual(expected));
}

/**
 * Clicks `button` (a row's «حذف «…»», a bulk action) and checks what the undo window promises at
 * once (issue 32 item 5): no confirmation dialog, and the toast `toast` with its «بازگردانی» button.
 */
export async function clickWithUndo(user: ReturnType<typeof userEvent.setup>, button: HTMLElement, toast: string): Promise<void> {
  await user.click(button);
  expect(screen.queryByRole('dialog')).toBeNull();
  const shown = (await screen.findByText(toast)).closest<HTMLElement>('[role="alert"]');
  expect(within(shown!).getByRole('button', { name: 'بازگردانی' })).toBeTruthy();
}

/**
 * Clicks the newest toast's «بازگردانی» and checks that the action is never sent: `sent()` (the
 * requests recorded so far) is unchanged well after the window would have ended.
 */
export async function undoAndExpectNothingSent(user: ReturnType<typeof userEvent.setup>, sent: () => unknown[]): Promise<void> {
  const before = sent();
  await user.click(screen.getAllByRole('button', { name: 'بازگردانی' }).at(-1)!);
  act(() => jest.advanceTimersByTime(2 * UNDO_WINDOW_MS));
  expect(sent()).toEqual(before);
}
