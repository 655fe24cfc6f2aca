import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, tempDir } from '../../helpers/test-app';

const INDEX = `<!doctype html><html lang="fa" dir="rtl"><head>
<script id="remote-list" type="application/json"><!--REMOTE_LIST--></script>
</head><body><div id="root"></div><script src="/main.1a2b3c4d.js"></script></body></html>`;

describe('static site (PGlite)', () => {
  let app: FastifyInstance;
  let root: string;
  let shellDist: string;
  let remotesRoot: string;
  let listFile: string;

  beforeAll(async () => {
    root = tempDir('shop-static-');
    shellDist = path.join(root, 'shell', 'dist');
    remotesRoot = path.join(root, 'remotes');
    listFile = path.join(root, 'remote-list.json');
    fs.mkdirSync(shellDist, { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(shellDist, 'main.1a2b3c4d.js'), 'console.log("shell")');
    fs.writeFileSync(path.join(shellDist, 'big.0123abcd.js'), 'export const text = "آکادمی";\n'.repeat(400));
    fs.writeFileSync(path.join(shellDist, 'humans.txt'), 'Team: آکادمی');
    const content = path.join(remotesRoot, 'content', 'dist');
    fs.mkdirSync(content, { recursive: true });
    fs.writeFileSync(path.join(content, 'remoteEntry.js'), 'var v1;');
    fs.writeFileSync(path.join(content, 'mf-manifest.json'), '{"id":"content"}');
    fs.writeFileSync(path.join(content, '123.0badc0ffee.js'), 'chunk');
    app = await buildTestApp('pglite', {
      serveStatic: true,
      shellDist,
      remotesRoot,
      remoteListFile: listFile,
      dataDir: path.join(root, 'data'),
    });
  });
  afterAll(() => app.close());

  it('serves index.html with the remote list inlined and no-cache', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
      const json = /<script id="remote-list" type="application\/json">(.*?)<\/script>/.exec(response.body)?.[1];
      expect(JSON.parse(json!)).toEqual([
        { name: 'content', entry: '/remotes/content/mf-manifest.json' },
        { name: 'commerce', entry: '/remotes/commerce/mf-manifest.json' },
        { name: 'users-permissions', entry: '/remotes/users-permissions/mf-manifest.json' },
        { name: 'support', entry: '/remotes/support/mf-manifest.json' },
      ]);
    }
  });

  it('sends scripts compressed to clients that accept it', async () => {
    const original = fs.readFileSync(path.join(shellDist, 'big.0123abcd.js'));
    for (const encoding of ['br', 'gzip']) {
      const response = await app.inject({ url: '/big.0123abcd.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(original.length / 5);
    }
    const plain = await app.inject({ url: '/big.0123abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('uses REMOTE_LIST_FILE when present, escaping <', async () => {
    fs.writeFileSync(listFile, JSON.stringify([{ name: 'content', entry: 'https://cdn.example.com/</script>/mf-manifest.json' }]));
    const response = await app.inject({ url: '/' });
    expect(response.body).toContain('https://cdn.example.com/\\u003c/script>/mf-manifest.json');
    expect(response.body.match(/<\/script>/g)).toHaveLength(2);
    fs.rmSync(listFile);
  });

  it('re-reads index.html when the shell is rebuilt, and answers 503 without a build', async () => {
    fs.writeFileSync(path.join(shellDist, 'index.html'), INDEX.replace('<div id="root">', '<div id="root" data-build="2">'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(shellDist, 'index.html'), later, later);
    expect((await app.inject({ url: '/' })).body).toContain('data-build="2"');

    fs.renameSync(shellDist, `${shellDist}-away`);
    const missing = await app.inject({ url: '/' });
    expect(missing.statusCode).toBe(503);
    expect(missing.body).toContain('npm run build');
    fs.renameSync(`${shellDist}-away`, shellDist);
  });

  it('caches hashed files for a year and fixed names not at all', async () => {
    const hashed = await app.inject({ url: '/main.1a2b3c4d.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await app.inject({ url: '/remotes/content/123.0badc0ffee.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/remotes/content/remoteEntry.js', '/remotes/content/mf-manifest.json']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a remote rebuilt while the server runs at once', async () => {
    expect((await app.inject({ url: '/remotes/content/remoteEntry.js' })).body).toBe('var v1;');
    fs.writeFileSync(path.join(remotesRoot, 'content', 'dist', 'remoteEntry.js'), 'var v2;');
    expect((await app.inject({ url: '/remotes/content/remoteEntry.js' })).body).toBe('var v2;');
    expect((await app.inject({ url: '/remotes/commerce/remoteEntry.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/evil/remoteEntry.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/content/..%2F..%2F..%2Fetc%2Fpasswd' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('falls back to index.html for unknown pages a browser asks for', async () => {
    const page = await app.inject({ url: '/posts/12?x=1', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="remote-list"');
    expect((await app.inject({ url: '/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
    // A path neither the shell nor a remote owns: the shell, under a 404 status (no soft 404).
    for (const url of ['/no-such-page', '/postss/1']) {
      const unknown = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('id="remote-list"');
    }
    for (const url of ['/login', '/shopping-cart', '/about-me', '/dashboard/posts']) {
      expect((await app.inject({ url, headers: { accept: 'text/html' } })).statusCode).toBe(200);
    }
    const api = await app.inject({ url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toEqual(expect.any(String));
    expect((await app.inject({ url: '/humans.txt' })).body).toBe('Team: آکادمی');
  });

  // Issue 22 item 2: curl, wget, uptime checks, feed readers and link-preview bots ask for pages with
  // `*/*`, no Accept header or another type. A page path is a page for every client: a client that
  // asks a page path for JSON alone gets the page too (the API's JSON lives under /api/).
  it('answers every page path with its HTML and status whatever the Accept header, HEAD without a body', async () => {
    const pages: Array<[string, number]> = [
      ['/posts/1', 200],
      ['/products/1', 200],
      ['/login', 200],
      ['/dashboard', 200],
      ['/dashboard/financial-info/orders/4', 200],
      ['/no-such-page', 404],
    ];
    const accepts: Array<Record<string, string>> = [{ accept: '*/*' }, {}, { accept: 'application/json' }, { accept: 'application/rss+xml, */*;q=0.1' }];
    for (const [url, status] of pages) {
      for (const headers of accepts) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await app.inject({ method, url, headers });
          const label = `${method} ${url} ${JSON.stringify(headers)}`;
          expect([label, response.statusCode, response.headers['content-type']]).toEqual([label, status, 'text/html; charset=utf-8']);
          if (method === 'HEAD') expect([label, response.body]).toEqual([label, '']);
          else expect([label, response.body]).toEqual([label, expect.stringContaining('id="remote-list"')]);
          expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        }
      }
    }
    // Only the API, and files, answer JSON.
    for (const headers of accepts) {
      for (const url of ['/api/unknown', '/sanctum/unknown', '/missing.js']) {
        const response = await app.inject({ url, headers });
        expect([url, response.statusCode, response.headers['content-type']]).toEqual([url, 404, 'application/json; charset=utf-8']);
      }
    }
  });

  it('applies the policy of the served page to a page asked for with */*', async () => {
    // A rebuilt shell with a new inline script: its hash reaches the first page asked for, whatever it accepts.
    const script = 'window.rebuilt = 1;';
    fs.writeFileSync(path.join(shellDist, 'index.html'), INDEX.replace('</body>', `<script>${script}</script></body>`));
    const later = new Date(Date.now() + 10_000);
    fs.utimesSync(path.join(shellDist, 'index.html'), later, later);
    const hash = `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
    const page = await app.inject({ url: '/posts/1', headers: { accept: '*/*' } });
    expect(page.body).toContain(script);
    expect(page.headers['content-security-policy']).toContain(hash);
    fs.writeFileSync(path.join(shellDist, 'index.html'), INDEX);
    const latest = new Date(Date.now() + 20_000);
    fs.utimesSync(path.join(shellDist, 'index.html'), latest, latest);
  });

  it('serves seeded media with audio types and byte ranges', async () => {
    const full = await app.inject({ url: '/media/seed/audio/podcast-1.ogg' });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toMatch(/^audio\/ogg/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const part = await app.inject({ url: '/media/seed/audio/podcast-1.ogg', headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
    const image = await app.inject({ url: '/media/seed/images/post-1.svg' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject({ url: '/media/seed/nothing.ogg' })).statusCode).toBe(404);
  });
});
