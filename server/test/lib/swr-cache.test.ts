import { createSwrCache } from '../../src/lib/swr-cache';

describe('createSwrCache', () => {
  afterEach(() => jest.useRealTimers());

  it('gives the first caller the turn, then the kept value while it is fresh', async () => {
    const cache = createSwrCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const first = await cache.lookup('a');
    expect(first.value).toBeNull();
    first.turn!.keep('one');
    expect(await cache.lookup('a')).toEqual({ value: 'one', turn: null });
  });

  it('makes callers without a value wait for the turn under way instead of computing too', async () => {
    const cache = createSwrCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const { turn } = await cache.lookup('a');
    const waiting = [cache.lookup('a'), cache.lookup('a')];
    turn!.keep('one');
    expect(await Promise.all(waiting)).toEqual([
      { value: 'one', turn: null },
      { value: 'one', turn: null },
    ]);
  });

  it('gives waiters turns of their own when the turn ends without a value', async () => {
    const cache = createSwrCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const { turn } = await cache.lookup('a');
    const waiting = cache.lookup('a');
    turn!.end();
    const after = await waiting;
    expect(after.value).toBeNull();
    expect(after.turn).not.toBeNull();
  });

  it('serves the expired value to others while one caller computes the next (stale-while-revalidate)', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = createSwrCache<string>({ ttlMs: 1000, maxEntries: 10 });
    (await cache.lookup('a')).turn!.keep('old');
    jest.setSystemTime(1500);
    const refresher = await cache.lookup('a');
    expect(refresher.value).toBe('old');
    expect(refresher.turn).not.toBeNull();
    expect(await cache.lookup('a')).toEqual({ value: 'old', turn: null });
    refresher.turn!.keep('new');
    expect(await cache.lookup('a')).toEqual({ value: 'new', turn: null });
  });

  it('keeps nothing from a turn that began before a clear, and lets new callers compute at once', async () => {
    const cache = createSwrCache<string>({ ttlMs: 1000, maxEntries: 10 });
    (await cache.lookup('a')).turn!.keep('before');
    jest.useFakeTimers({ now: Date.now() + 2000 });
    const { turn } = await cache.lookup('a');
    cache.clear();
    const after = await cache.lookup('a');
    expect(after.value).toBeNull();
    expect(after.turn).not.toBeNull();
    turn!.keep('computed during the write');
    after.turn!.keep('after');
    expect((await cache.lookup('a')).value).toBe('after');
  });

  it('drops the value kept longest ago when full', async () => {
    const cache = createSwrCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) (await cache.lookup(key)).turn!.keep(key);
    expect((await cache.lookup('a')).turn).not.toBeNull();
    expect(await cache.lookup('b')).toEqual({ value: 'b', turn: null });
    expect(await cache.lookup('c')).toEqual({ value: 'c', turn: null });
  });
});
