import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api } from './api';
import { createBaseQuery } from './base-query';
import { makeStore } from './store';
import { userReceived, selectBoughtProducts, selectCurrentUser, signedOut } from './auth-slice';
import { uploadProgressed, selectUploadProgress } from './ui-slice';
import type { User } from '@shop/contracts';

describe('createBaseQuery', () => {
  let server: Server;
  let origin: string;
  const seen: Array<{ url: string; csrf?: string }> = [];

  beforeAll(async () => {
    let issued = 0;
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', csrf: req.headers['x-xsrf-token'] as string | undefined });
      if (req.url === '/sanctum/csrf-cookie') {
        issued += 1;
        res.writeHead(204, { 'Set-Cookie': `XSRF-TOKEN=token-${issued}; Path=/` });
        res.end();
        return;
      }
      // The first call has no CSRF token: answer 419 as the server does.
      const ok = req.headers['x-xsrf-token'] === `token-${issued}` && issued > 0;
      res.writeHead(ok ? 200 : 419, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(ok ? { data: 'saved' } : { message: 'csrf' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches a CSRF cookie after a 419 and retries once with the header', async () => {
    // Node's fetch keeps no cookie jar: stand in for the browser's document.cookie.
    const realFetch = globalThis.fetch;
    const jar: string[] = [];
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const cookie = response.headers.get('set-cookie');
      if (cookie) jar.push(cookie.split(';')[0]!);
      return response;
    };
    Object.defineProperty(globalThis, 'document', { value: { get cookie() { return jar.join('; '); } }, configurable: true });
    try {
      const baseQuery = createBaseQuery(origin);
      const store = makeStore();
      const result = await baseQuery({ url: '/like', method: 'POST', body: {} }, {
        signal: new AbortController().signal,
        abort: () => undefined,
        dispatch: store.dispatch,
        getState: store.getState,
        extra: undefined,
        endpoint: 'like',
        type: 'mutation',
      }, {});
      expect(result.data).toEqual({ data: 'saved' });
      expect(seen.map((s) => s.url)).toEqual(['/api/like', '/sanctum/csrf-cookie', '/api/like']);
      expect(seen[2]?.csrf).toBe('token-1');
    } finally {
      globalThis.fetch = realFetch;
      delete (globalThis as { document?: unknown }).document;
    }
  });
});

describe('store', () => {
  const user = { id: 1, full_name: 'کاربر', status: 'ordinary', permissions: [] } as unknown as User;

  it('replaces bought products only when the answer includes them (SPEC §3)', () => {
    const store = makeStore();
    store.dispatch(userReceived({ user, buyedProducts: [{ id: 3, title: 'دوره', slug: 'c', image: null, bought_at: '', progress: { done: 0, total: 1, resume_session_id: 7, left: [{ session_id: 7, title: 'جلسه', kind: 'lesson' }] } }] }));
    store.dispatch(userReceived({ user }));
    expect(selectBoughtProducts(store.getState())).toHaveLength(1);
    store.dispatch(signedOut());
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(store.getState()[api.reducerPath]).toBeDefined();
  });

  it('resets upload progress to 0 when it reaches 100 (SPEC §3)', () => {
    const store = makeStore();
    store.dispatch(uploadProgressed(42.4));
    expect(selectUploadProgress(store.getState())).toBe(42);
    store.dispatch(uploadProgressed(100));
    expect(selectUploadProgress(store.getState())).toBe(0);
  });
});
