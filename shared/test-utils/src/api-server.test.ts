/** @jest-environment-options {"url": "http://127.0.0.1:25190"} */
import { startApiServer } from './index';

// The record of `startApiServer` holds the requests of the test running now only (issue 33: a
// list request of one test once landed in the next test's record and failed CI).
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25190, () => ({ ok: true }));
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

let late: Promise<Response>;
it('records a request of the test running now', async () => {
  expect((await fetch('/api/now')).status).toBe(200);
  expect(api.seen.map((request) => request.url.pathname)).toEqual(['/api/now']);
  // Sent, not awaited: it arrives once this test has ended.
  late = fetch('/api/late');
});

it('answers an earlier test’s late request 410 and keeps it out of this test’s record', async () => {
  expect((await late).status).toBe(410);
  expect((await fetch('/api/next')).status).toBe(200);
  expect(api.seen.map((request) => request.url.pathname)).toEqual(['/api/next']);
});
