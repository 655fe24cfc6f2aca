/**
 * The clock a test moves instead of waiting for the real one (issue 33 item 2: a test that sleeps
 * past a time limit, or hopes a limit does not pass meanwhile, races a loaded machine). Only `Date`
 * is faked: every timer stays real, so the server, PGlite and pg-boss keep running. `Date` goes on
 * ticking with the real time, {@link advanceClock} moves it further ahead, and it only ever moves
 * forward within an app's life (pg-boss's workers time their polls by it).
 */

/** Every timer API but `Date`. */
const ONLY_DATE = [
  'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
  'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval',
  'clearInterval', 'setTimeout', 'clearTimeout',
] as const;

let offset = 0;

/** Moves the clock `Date` reads `ms` milliseconds further ahead of the real one. */
export function advanceClock(ms: number): void {
  offset += ms;
  jest.useFakeTimers({ doNotFake: [...ONLY_DATE], advanceTimers: true, now: jest.getRealSystemTime() + offset });
}

/** Gives `Date` back the real clock (in the `afterAll` of a test that moved it). */
export function resetClock(): void {
  jest.useRealTimers();
  offset = 0;
}
