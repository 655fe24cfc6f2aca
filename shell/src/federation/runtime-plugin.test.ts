/** @jest-environment-options {"url": "http://127.0.0.1:25734/"} */
import { startApiServer } from '@shop/test-utils';
import { reportLoadError } from './runtime-plugin';

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25734, () => ({ status: 204 }));
});
afterAll(() => api.close());

/** The page's run-time remote list, as the server inlines it. */
function listRemotes(entries: Record<string, string>) {
  document.body.innerHTML = `<script id="remote-list" type="application/json">${JSON.stringify(Object.entries(entries).map(([name, entry]) => ({ name, entry })))}</script>`;
}

describe('a remote that fails to load (issue 35 item 4)', () => {
  it("reports a released version's failure to the server, by the remote's name, once per page", async () => {
    listRemotes({ 'users-permissions': '/remotes/users-permissions/releases/1.4.0+3f9c2a1/mf-manifest.json', content: '/remotes/content/mf-manifest.json' });
    reportLoadError('users_permissions/module');
    // Its other areas fail too: the page reports the remote once.
    reportLoadError('users_permissions/module');
    for (let waited = 0; api.seen.length === 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.seen.map(({ method, url, json }) => [method, url.pathname, json])).toEqual([
      ['POST', '/api/releases/load-errors', { remote: 'users-permissions', version: '1.4.0+3f9c2a1' }],
    ]);
  });

  it('sends nothing for a remote served from its own build, or one the page does not list', async () => {
    api.seen.splice(0);
    listRemotes({ content: '/remotes/content/mf-manifest.json' });
    reportLoadError('content/module');
    reportLoadError('commerce/module');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.seen).toEqual([]);
  });
});
