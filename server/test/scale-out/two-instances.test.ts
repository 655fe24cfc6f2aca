/**
 * Scale-out (issue 10): two compiled server processes on one PostgreSQL database, Redis and S3
 * bucket (s3rver), behind Debian's nginx running docker/nginx/gateway.conf. Every request goes
 * through the gateway as a browser sends it (cookies, XSRF header), with an `x-request-id` of its
 * own; each step finds that id in the instances' logs to show that the two requests that matter
 * were answered by different instances.
 *
 * The two-instance part needs PostgreSQL (DATABASE_URL, as CI sets it): PGlite is one process's
 * database. The gateway's own answers (no server behind it) are checked on every run.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { BoughtProduct, CheckoutAnswer, Order, Paginated, Post, Product } from '@shop/contracts';
import { MESSAGES } from '../../src/lib/messages';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../../src/routes/site/media';
import { NGINX_CONFIG_DIR, startGateway, substituteGatewayTemplate, type Gateway } from '../helpers/gateway';
import { multipart, pngFile } from '../helpers/multipart';
import { freePort } from '../helpers/server-process';
import { startDeployment, type Deployment } from './deployment';

/** The login tries one account may make a minute, lowered so that the test reaches the limit. */
const LOGIN_ACCOUNT_LIMIT = 3;

/** A browser through the gateway: its cookies, the XSRF header on writes, a request id on each request. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private sent = 0;

  constructor(
    private readonly origin: string,
    private readonly label: string,
  ) {}

  /**
   * Sends `urlPath` (a path of the gateway, or an absolute URL; redirects not followed) with a fresh
   * `x-request-id`.
   * @returns the answer and the request id
   */
  async send(
    urlPath: string,
    init: { method?: string; json?: unknown; body?: Uint8Array | string; headers?: Record<string, string> } = {},
  ): Promise<{ response: Response; id: string }> {
    const id = `scale-out-${this.label}-${++this.sent}-${randomBytes(4).toString('hex')}`;
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { 'x-request-id': id, accept: 'application/json', ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let body: Uint8Array<ArrayBuffer> | string | undefined = typeof init.body === 'string' ? init.body : init.body && new Uint8Array(init.body);
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    }
    const url = /^https?:/.test(urlPath) ? urlPath : this.origin + urlPath;
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { response, id };
  }

  /** `GET /sanctum/csrf-cookie` (expects 204). */
  async csrfCookie(): Promise<string> {
    const { response, id } = await this.send('/sanctum/csrf-cookie');
    expect(response.status).toBe(204);
    expect(this.cookies.get('XSRF-TOKEN')).toBeTruthy();
    return id;
  }

  has(cookie: string): boolean {
    return this.cookies.has(cookie);
  }
}

describe('the gateway (docker/nginx/gateway.conf) with no server behind it', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    // A port nothing listens on: every proxied request fails to connect.
    gateway = await startGateway({ servers: [`http://127.0.0.1:${await freePort()}`] });
  });
  afterAll(() => gateway?.stop());

  it('fills the template as the nginx image does: GATEWAY_* only, a missing one named', () => {
    const template = fs.readFileSync(path.join(NGINX_CONFIG_DIR, 'gateway.conf'), 'utf8');
    expect(() => substituteGatewayTemplate(template, {})).toThrow(/GATEWAY_SERVER/);
    expect(substituteGatewayTemplate('proxy_pass $upstream ${GATEWAY_X}; $GATEWAY_X; ${OTHER}', { GATEWAY_X: 'http://a' })).toBe(
      'proxy_pass $upstream http://a; http://a; ${OTHER}',
    );
  });

  it('answers its health, and the API error shape and a page with the Persian message when the server is down', async () => {
    expect((await fetch(`${gateway.origin}/gateway-health`)).status).toBe(200);
    const response = await fetch(`${gateway.origin}/api/posts`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    expect(await response.json()).toEqual({ message: 'سرویس موقتاً در دسترس نیست. لطفاً کمی بعد دوباره تلاش کنید.' });
    // A page goes to the server too (it renders them): a Persian page saying so.
    const page = await fetch(`${gateway.origin}/posts/1`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('سایت موقتاً در دسترس نیست.');
  });

  it('sends /media/ to the server, and its security headers even on the gateway’s own error', async () => {
    const response = await fetch(`${gateway.origin}/media/posts/missing.webp`);
    expect(response.status).toBe(502);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
  });
});

// PostgreSQL is what several instances share; without DATABASE_URL only the part above runs.
if (process.env.DATABASE_URL) {
  describe('two server instances behind the gateway (PostgreSQL, Redis, S3)', () => {
    let deployment: Deployment;
    let origin: string;

    beforeAll(async () => {
      deployment = await startDeployment({
        instances: 2,
        env: { RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: String(LOGIN_ACCOUNT_LIMIT) },
      });
      origin = deployment.gateway.origin;
    }, 180_000);
    afterAll(() => deployment?.stop(), 60_000);

    /** Expects two requests to have been answered by different instances. */
    const expectDifferentInstances = async (first: string, second: string) => {
      const [a, b] = await Promise.all([deployment.answeredBy(first), deployment.answeredBy(second)]);
      expect(b).not.toBe(a);
    };

    /**
     * Sends a request that changes nothing until an instance other than the one that answered
     * `than` answers it (nginx alternates, so at most a few tries).
     */
    const onTheOtherInstance = async (than: string, send: () => Promise<{ response: Response; id: string }>) => {
      const avoid = await deployment.answeredBy(than);
      for (let attempt = 0; attempt < 4; attempt++) {
        const answer = await send();
        if ((await deployment.answeredBy(answer.id)) !== avoid) return answer;
      }
      throw new Error(`four requests in a row reached instance ${avoid}`);
    };

    it('keeps a browser signed in on the other instance, with the CSRF cookie of one accepted by the other', async () => {
      const browser = new Browser(origin, 'sign-in');
      const cookieRequest = await browser.csrfCookie();
      const login = await browser.send('/api/auth/login', { method: 'POST', json: { email: 'user@example.com', password: 'User12345' } });
      expect(login.response.status).toBe(200);
      expect(browser.has('auth_token')).toBe(true);
      // The XSRF-TOKEN cookie came from one instance, the login POST that checked it went to the other.
      await expectDifferentInstances(cookieRequest, login.id);

      const info = await onTheOtherInstance(login.id, () => browser.send('/api/auth/logged-in-user-info', { method: 'POST' }));
      expect(info.response.status).toBe(200);
      expect(((await info.response.json()) as { data: { user: { email: string } } }).data.user.email).toBe('user@example.com');

      // Not vacuous: a token the instances did not sign is refused.
      const forged = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
        body: JSON.stringify({ email: 'user@example.com', password: 'User12345' }),
      });
      expect(forged.status).toBe(419);
    });

    it('counts login tries of one account across both instances (Redis) and answers SPEC §8’s 429', async () => {
      const browser = new Browser(origin, 'login-limit');
      await browser.csrfCookie();
      const account = { email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'Wrong12345' };
      const tries: string[] = [];
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT; i++) {
        const attempt = await browser.send('/api/auth/login', { method: 'POST', json: account });
        expect(attempt.response.status).toBe(422);
        tries.push(attempt.id);
      }
      const refused = await browser.send('/api/auth/login', { method: 'POST', json: account });
      expect(refused.response.status).toBe(429);
      expect(await refused.response.json()).toEqual({ message: MESSAGES.tooManyRequests });
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);

      const instances = await Promise.all(tries.map((id) => deployment.answeredBy(id)));
      const refusedBy = await deployment.answeredBy(refused.id);
      // The tries reached both instances, and the one that refused had seen fewer than the limit
      // itself: a counter per instance would have let this try through.
      expect(new Set(instances).size).toBe(2);
      expect(instances.filter((index) => index === refusedBy).length).toBeLessThan(LOGIN_ACCOUNT_LIMIT);
    });

    it('serves a cover image uploaded through one instance from the other, the bytes stored in the bucket', async () => {
      const staff = new Browser(origin, 'upload');
      await staff.csrfCookie();
      const login = await staff.send('/api/auth/login', { method: 'POST', json: { email: 'super@example.com', password: 'Super12345' } });
      expect(login.response.status).toBe(200);
      const tag = randomBytes(4).toString('hex');
      const form = multipart(
        { title: 'نوشته چند سروری', slug: `scale-out-${tag}`, description: '<p>بارگذاری از یک سرور</p>', is_active: 'true', comment_status: 'open' },
        { image: await pngFile(1800, 900) },
      );
      const upload = await staff.send('/api/dashboard/posts', { method: 'POST', body: form.payload, headers: form.headers });
      expect(upload.response.status).toBe(201);
      const post = ((await upload.response.json()) as { data: Post }).data;
      expect(post.image).toMatch(/^\/media\/posts\/[0-9a-f-]+\.webp$/);

      const visitor = new Browser(origin, 'media');
      const served = await onTheOtherInstance(upload.id, () => visitor.send(post.image!, { headers: { accept: 'image/webp' } }));
      expect(served.response.status).toBe(200);
      expect(served.response.headers.get('content-type')).toBe('image/webp');
      expect(served.response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.response.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
      const bytes = Buffer.from(await served.response.arrayBuffer());
      const key = post.image!.replace(/^\/media\//, '');
      const stored = fs.readFileSync(path.join(deployment.s3.directory, deployment.s3.settings.bucket, 'public', `${key}._S3rver_object`));
      expect(bytes.equals(stored)).toBe(true);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
      // Neither instance kept it on its own disk.
      for (const dir of deployment.dataDirs) expect(fs.existsSync(path.join(dir, 'uploads', key))).toBe(false);

      // The new post is public on both instances at once.
      const seen = await onTheOtherInstance(upload.id, () => visitor.send(`/api/posts/${post.id}`));
      expect(seen.response.status).toBe(200);
    });

    it('shows a purchase verified on one instance as paid, and the course as bought, on the other', async () => {
      const buyer = new Browser(origin, 'purchase');
      await buyer.csrfCookie();
      const email = `buyer-${randomBytes(4).toString('hex')}@example.com`;
      const registered = await buyer.send('/api/auth/register', {
        method: 'POST',
        json: { full_name: 'خریدار چند سروری', email, password: 'Secret123', password_confirmation: 'Secret123' },
      });
      expect(registered.response.status).toBe(201);

      const products = (await (await buyer.send('/api/products?per_page=50')).response.json()) as Paginated<Product>;
      const course = products.data.find((product) => product.price > 0)!;
      expect(course).toBeDefined();
      expect((await buyer.send('/api/cart', { method: 'POST', json: { product_id: course.id } })).response.status).toBe(201);
      const checkout = await buyer.send('/api/checkout', { method: 'POST', headers: { 'idempotency-key': `scale-out-${email}` } });
      expect(checkout.response.status).toBe(201);
      const { order, payment } = ((await checkout.response.json()) as { data: CheckoutAnswer }).data;
      expect(order.payment_status).toBe('unpaid');
      expect(payment).not.toBeNull();

      // The browser's way to the sandbox gateway: the hidden form (its absolute action names the
      // gateway's origin, port included), then the pay page.
      expect(payment!.action).toBe(`${origin}/api/payments/start`);
      const start = await buyer.send(payment!.action, {
        method: 'POST',
        body: new URLSearchParams({ token: payment!.token }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      });
      expect(start.response.status).toBe(303);
      const page = await buyer.send(start.response.headers.get('location')!, { headers: { accept: 'text/html' } });
      expect(page.response.status).toBe(200);
      const callback = /href="([^"]*Status=OK[^"]*)"/.exec(await page.response.text())?.[1]?.replace(/&amp;/g, '&');
      expect(callback).toBeDefined();

      const verify = await buyer.send(callback!, { headers: { accept: 'text/html' } });
      expect(verify.response.status).toBe(303);
      expect(verify.response.headers.get('location')).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);

      const seenOrder = await onTheOtherInstance(verify.id, () => buyer.send(`/api/orders/${order.id}`));
      expect(seenOrder.response.status).toBe(200);
      const paid = ((await seenOrder.response.json()) as { data: Order }).data;
      expect(paid).toMatchObject({ id: order.id, payment_status: 'paid' });
      expect(paid.paid_at).not.toBeNull();

      const seenBought = await onTheOtherInstance(verify.id, () => buyer.send('/api/bought-products'));
      expect(seenBought.response.status).toBe(200);
      const bought = ((await seenBought.response.json()) as { data: BoughtProduct[] }).data;
      expect(bought.map((product) => product.id)).toEqual([course.id]);
    });

    // Last: it stops the bucket.
    it('keeps serving the media it holds while the bucket is away; the rest answers 503 in Persian (issue 23)', async () => {
      const staff = new Browser(origin, 'media-cache');
      await staff.csrfCookie();
      expect((await staff.send('/api/auth/login', { method: 'POST', json: { email: 'super@example.com', password: 'Super12345' } })).response.status).toBe(200);
      const images: string[] = [];
      for (const name of ['kept', 'never-asked']) {
        const form = multipart(
          { title: `تصویر ${name}`, slug: `media-cache-${name}-${randomBytes(4).toString('hex')}`, description: '<p>متن</p>', is_active: 'true', comment_status: 'open' },
          { image: await pngFile(400, 300) },
        );
        const upload = await staff.send('/api/dashboard/posts', { method: 'POST', body: form.payload, headers: form.headers });
        expect(upload.response.status).toBe(201);
        images.push(((await upload.response.json()) as { data: Post }).data.image!);
      }
      const [kept, neverAsked] = images as [string, string];
      const visitor = new Browser(origin, 'media-cache-visitor');
      const first = await visitor.send(kept);
      expect([first.response.status, first.response.headers.get('x-cache-status')]).toEqual([200, 'MISS']);
      const bytes = Buffer.from(await first.response.arrayBuffer());
      const again = await visitor.send(kept);
      expect([again.response.status, again.response.headers.get('x-cache-status')]).toEqual([200, 'HIT']);
      await again.response.arrayBuffer();

      await deployment.s3.close();
      const whileAway = await visitor.send(kept);
      expect(whileAway.response.status).toBe(200);
      expect(Buffer.from(await whileAway.response.arrayBuffer()).equals(bytes)).toBe(true);
      const missing = await visitor.send(neverAsked);
      expect(missing.response.status).toBe(503);
      expect(missing.response.headers.get('retry-after')).toBe('5');
      expect(await missing.response.json()).toEqual({ message: MESSAGES.storageUnavailable });
    });
  });
}
