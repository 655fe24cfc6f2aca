import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inlineScriptHashes, remoteOrigins } from '../../../src/plugins/app/static-site';
import { buildTestApp, tempDir } from '../../helpers/test-app';

const THEME_SCRIPT = `(function(){try{document.documentElement.className=localStorage.getItem('theme-mode')||'dark'}catch(e){}})();`;
const INDEX = `<!doctype html><html lang="fa" dir="rtl"><head>
<script>${THEME_SCRIPT}</script>
<script id="remote-list" type="application/json"><!--REMOTE_LIST--></script>
<script defer src="/main.1a2b3c4d.js"></script>
</head><body><div id="root"></div></body></html>`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The sha256 CSP source of each inline, non-data script of a served page. */
function servedScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/src=|type="application\/json"/.test(attributes!))
    .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
}

/** What a browser's navigation sends. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('security headers (helmet)', () => {
  let app: FastifyInstance;
  let shellDist: string;
  let listFile: string;

  beforeAll(async () => {
    const root = tempDir('shop-helmet-');
    shellDist = path.join(root, 'shell', 'dist');
    listFile = path.join(root, 'remote-list.json');
    fs.mkdirSync(shellDist, { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(shellDist, 'main.1a2b3c4d.js'), 'console.log("shell")');
    fs.writeFileSync(
      listFile,
      JSON.stringify([
        { name: 'content', entry: 'https://cdn.example.com:8443/content/mf-manifest.json' },
        { name: 'commerce', entry: '/remotes/commerce/mf-manifest.json' },
      ]),
    );
    app = await buildTestApp('pglite', {
      seed: false,
      serveStatic: true,
      shellDist,
      remotesRoot: path.join(root, 'remotes'),
      remoteListFile: listFile,
      dataDir: path.join(root, 'data'),
    });
  });
  afterAll(() => app.close());

  it('puts the headers on an API answer, a page, a static file and an error', async () => {
    const answers = await Promise.all([
      app.inject({ url: '/api/site-information' }),
      app.inject({ url: '/', headers: NAVIGATION }),
      app.inject({ url: '/main.1a2b3c4d.js' }),
      app.inject({ url: '/api/nothing' }),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 404]);
    for (const response of answers) {
      const csp = directives(response);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Not production (jest runs with NODE_ENV=test): no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allows exactly the remote origins of the list and the inline script of the served page', async () => {
    const page = await app.inject({ url: '/', headers: NAVIGATION });
    const served = servedScriptHashes(page.body);
    expect(served).toHaveLength(1);
    const csp = directives(page);
    // Development builds use eval source maps: only production drops 'unsafe-eval'.
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-eval'", 'https://cdn.example.com:8443', ...served]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://cdn.example.com:8443']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com:8443']);
    expect(csp.get('font-src')).toEqual(["'self'", 'data:', 'https://cdn.example.com:8443']);
  });

  it('follows a changed remote list and a rebuilt shell on the next page, and the answers after it', async () => {
    fs.writeFileSync(listFile, JSON.stringify([{ name: 'support', entry: 'http://localhost:3004/mf-manifest.json' }]));
    const rebuilt = INDEX.replace(THEME_SCRIPT, `${THEME_SCRIPT}/*2*/`);
    fs.writeFileSync(path.join(shellDist, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(listFile, later, later);
    fs.utimesSync(path.join(shellDist, 'index.html'), later, later);

    const page = await app.inject({ url: '/', headers: NAVIGATION });
    const api = await app.inject({ url: '/api/site-information' });
    for (const response of [page, api]) {
      expect(directives(response).get('script-src')).toEqual([
        "'self'",
        "'unsafe-eval'",
        'http://localhost:3004',
        ...servedScriptHashes(page.body),
      ]);
    }
    expect(page.body).toContain('/*2*/');
  });

  it('lets public media be embedded by other sites', async () => {
    const media = await app.inject({ url: '/media/posts/missing.webp' });
    expect(media.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(media.headers['content-security-policy']).toBeDefined();
  });

  it('serves Swagger UI under the same policy: its page has no inline script', async () => {
    const docs = await app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(directives(docs).get('script-src')?.[0]).toBe("'self'");
    expect(servedScriptHashes(docs.body)).toEqual([]);
    expect(docs.body).toMatch(/<script src="[^"]+swagger-ui-bundle\.js"/);
  });
});

describe('security headers in production', () => {
  let app: FastifyInstance;
  const nodeEnv = process.env.NODE_ENV;

  beforeAll(async () => {
    process.env.NODE_ENV = 'production';
    try {
      app = await buildTestApp('pglite', {
        seed: false,
        // Production refuses to start without the public origin (issue 31 item 5).
        publicUrl: 'https://shop.example',
        payment: { gateway: 'zarinpal', zarinpalMerchantId: '00000000-0000-0000-0000-000000000000', zarinpalBaseUrl: 'https://sandbox.zarinpal.com' },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });
  afterAll(() => app.close());

  it('adds HSTS, drops unsafe-eval and lets the payment form reach Zarinpal', async () => {
    const response = await app.inject({ url: '/api/site-information' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(response);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://sandbox.zarinpal.com']);
  });
});

describe('CSP sources of the served pages', () => {
  it('hashes each inline script the browser runs, never data or src scripts', () => {
    const html = `<script>a()</script><script type=module>b()</script><script type="text/javascript">a()</script>
      <script type="application/json">{"x":1}</script><script type=application/ld+json>{}</script>
      <script src=/x.js></script><SCRIPT defer>c()</SCRIPT >`;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('b()'), hash('c()')]);
  });

  it('names the origins of remotes served elsewhere, and nothing for this origin or unusable entries', () => {
    expect(
      remoteOrigins([
        { name: 'content', entry: '/remotes/content/mf-manifest.json' },
        { name: 'commerce', entry: 'https://cdn.example.com/commerce/mf-manifest.json' },
        { name: 'support', entry: 'https://cdn.example.com/support/mf-manifest.json' },
        { name: 'users-permissions', entry: '//static.example.ir:8080/up/mf-manifest.json' },
        { name: 'content', entry: 'http://[::1]:3001/mf-manifest.json' },
        { name: 'content', entry: 'http://a;script-src *,b/mf-manifest.json' },
        { name: 'content', entry: 'javascript:alert(1)' },
        null as never,
      ]),
    ).toEqual(['https://cdn.example.com', 'static.example.ir:8080', 'http://[::1]:3001']);
    expect(remoteOrigins({ not: 'a list' } as never)).toEqual([]);
  });
});
