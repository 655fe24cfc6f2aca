/**
 * The load generator of `npm run bench:load` (bench-load.ts forks itself to run it in a child
 * process): the plan the parent hands it, the figures it sends back, and the run itself: the
 * visitors' request mix, the purchases started on schedule, and a latency histogram per group.
 */
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import type { CheckoutAnswer } from '@shop/contracts';

/** A request that has not answered in this long counts as a network error. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** How long the purchases still running at the end may take to finish. */
const DRAIN_TIMEOUT_MS = 60_000;
/** Words searched for (Persian, as visitors type them). */
export const SEARCHES = ['برنامه', 'جاوااسکریپت', 'طراحی', 'کار', 'پادکست', 'یادگیری', 'ری‌اکت', 'نوشتن'];

/** A signed-in buyer: user id and the token of its `auth_token` cookie. */
export interface Buyer {
  id: number;
  token: string;
}

/** What the load generator needs: where to send, for how long, and the site's ids and files. */
export interface LoadPlan {
  origin: string;
  seconds: number;
  visitors: number;
  /** Mean pause of a visitor between an answer and its next request, ms. */
  thinkMs: number;
  checkoutsPerSecond: number;
  posts: number[];
  podcasts: number[];
  products: number[];
  /** Courses with a price (bought by the buyers). */
  paidProducts: number[];
  images: string[];
  audio: string[];
  buyers: Buyer[];
}

/** One endpoint group's figures. */
export interface GroupFigures {
  group: string;
  requests: number;
  requestsPerSecond: number;
  /** Latency of the answered requests (null when none was answered). */
  p50Ms: number | null;
  p90Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** Requests that got no answer (connection refused or reset, timeout). */
  errors: number;
  /** Answers by status. */
  statuses: Record<string, number>;
  /** Answers with a status other than the group's expected one. */
  unexpected: number;
}

/** A purchase whose verify was acknowledged. */
export interface Acknowledged {
  userId: number;
  orderId: number;
}

/** What the load generator sends back. */
export interface LoadResult {
  durationSeconds: number;
  groups: GroupFigures[];
  checkouts: {
    started: number;
    acknowledged: Acknowledged[];
    failed: number;
    failures: string[];
    /** How late purchases started against their schedule (ms): the open loop held when small. */
    startLagP99Ms: number;
    startLagMaxMs: number;
  };
  errorSamples: string[];
  unexpectedSamples: string[];
}

/** Per-group counters and an HDR histogram of microseconds. */
class Group {
  readonly histogram: RecordableHistogram = createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
  requests = 0;
  errors = 0;
  unexpected = 0;
  readonly statuses: Record<string, number> = {};

  constructor(
    readonly name: string,
    readonly expected: number,
  ) {}

  figures(seconds: number): GroupFigures {
    const ms = (value: number) => Math.round(value / 10) / 100;
    const counted = this.histogram.count > 0;
    return {
      group: this.name,
      requests: this.requests,
      requestsPerSecond: Math.round((this.requests / seconds) * 10) / 10,
      p50Ms: counted ? ms(this.histogram.percentile(50)) : null,
      p90Ms: counted ? ms(this.histogram.percentile(90)) : null,
      p99Ms: counted ? ms(this.histogram.percentile(99)) : null,
      maxMs: counted ? ms(this.histogram.max) : null,
      errors: this.errors,
      statuses: this.statuses,
      unexpected: this.unexpected,
    };
  }
}

/** A request's headers and, for a POST, its method and body. */
interface RequestInit {
  method?: string;
  headers: Record<string, string>;
  body?: string;
}

/** The groups of a run and samples of what went wrong, filled by {@link Recorder.send}. */
class Recorder {
  readonly groups = new Map<string, Group>();
  readonly errorSamples: string[] = [];
  readonly unexpectedSamples: string[] = [];

  constructor(private readonly origin: string) {}

  /** The group `name`, made on first use with the status it expects. */
  group(name: string, expected = 200): Group {
    let found = this.groups.get(name);
    if (!found) this.groups.set(name, (found = new Group(name, expected)));
    return found;
  }

  /**
   * Sends one request, reads the whole answer, and records it in its group.
   * @returns the answer and its body, or null when no answer came
   */
  async send(groupName: string, expected: number, url: string, init: RequestInit): Promise<{ response: Response; body: string } | null> {
    const into = this.group(groupName, expected);
    const started = performance.now();
    into.requests++;
    try {
      const response = await fetch(this.origin + url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        body: init.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.text();
      into.histogram.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
      into.statuses[response.status] = (into.statuses[response.status] ?? 0) + 1;
      if (response.status !== expected) {
        into.unexpected++;
        sampleInto(this.unexpectedSamples, `${groupName} ${url}: ${response.status} ${body.slice(0, 200)}`);
      }
      return { response, body };
    } catch (error) {
      into.errors++;
      sampleInto(this.errorSamples, `${groupName} ${url}: ${String((error as Error).cause ?? error)}`);
      return null;
    }
  }
}

const sampleInto = (list: string[], text: string) => list.length < 20 && list.push(text);
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-language': 'fa-IR,fa;q=0.9' };
const JSON_HEADERS = { accept: 'application/json', 'accept-language': 'fa-IR,fa;q=0.9' };
const IMAGE = { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
/** Client addresses: visitors 10.1.x.y, buyers 10.2.x.y. */
const address = (kind: number, index: number) => `10.${kind}.${(index >> 8) & 255}.${index & 255}`;

/** A visitor's next request: its group, expected status, URL and headers. */
type NextRequest = [string, number, string, Record<string, string>];

/**
 * What a visitor asks for next, drawn by weight (of 100) from the mix; the recorder's table lists
 * the groups in this order: the visitors' mix, then the purchase's steps.
 */
function visitorMix(plan: LoadPlan, recorder: Recorder): () => NextRequest {
  const mix: Array<[number, () => NextRequest]> = [
    [10, () => ['GET / (page)', 200, '/', HTML]],
    [6, () => ['GET /posts (page)', 200, `/posts${Math.random() < 0.5 ? '' : `?page=${1 + Math.floor(Math.random() * 2)}`}`, HTML]],
    [12, () => ['GET /posts/:id (page)', 200, `/posts/${pick(plan.posts)}`, HTML]],
    [6, () => ['GET /podcasts/:id (page)', 200, `/podcasts/${pick(plan.podcasts)}`, HTML]],
    [5, () => ['GET /products (page)', 200, '/products', HTML]],
    [8, () => ['GET /products/:id (page)', 200, `/products/${pick(plan.products)}`, HTML]],
    [10, () => ['GET /api/posts', 200, `/api/posts?page=${1 + Math.floor(Math.random() * 2)}`, JSON_HEADERS]],
    [8, () => ['GET /api/posts/:id', 200, `/api/posts/${pick(plan.posts)}`, JSON_HEADERS]],
    [8, () => ['GET /api/search?q=…', 200, `/api/search?q=${encodeURIComponent(pick(SEARCHES))}`, JSON_HEADERS]],
    [22, () => ['GET /media/… (image)', 200, pick(plan.images), IMAGE]],
    [5, () => ['GET /media/… (audio, Range)', 206, pick(plan.audio), { accept: '*/*', range: 'bytes=0-65535' }]],
  ];
  for (const [, make] of mix) recorder.group(make()[0], make()[1]);
  for (const [name, expected] of [
    ['GET /sanctum/csrf-cookie', 204],
    ['POST /api/cart', 201],
    ['POST /api/checkout', 201],
    ['POST /api/payments/start', 303],
    ['GET /api/payments/sandbox/:token', 200],
    ['GET /api/payments/callback', 303],
  ] as const) {
    recorder.group(name, expected);
  }
  const totalWeight = mix.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * totalWeight;
    for (const [weight, make] of mix) if ((roll -= weight) < 0) return make();
    return mix[0]![1]();
  };
}

/** The purchases' outcome: the acknowledged ones, and how many failed, with the first failures. */
class Purchases {
  readonly acknowledged: Acknowledged[] = [];
  readonly failures: string[] = [];
  failed = 0;

  fail(step: string, detail: string): void {
    this.failed++;
    if (this.failures.length < 20) this.failures.push(`${step}: ${detail}`);
  }
}

/** One purchase through the gateway by `buyer`, as the browser makes it; records in `outcome` whether its verify was acknowledged. */
async function purchase(recorder: Recorder, plan: LoadPlan, outcome: Purchases, buyer: Buyer, index: number): Promise<void> {
  const fail = (step: string, detail: string) => outcome.fail(step, detail);
  const headers: Record<string, string> = { ...JSON_HEADERS, 'x-forwarded-for': address(2, index), cookie: `auth_token=${buyer.token}` };
  const csrf = await recorder.send('GET /sanctum/csrf-cookie', 204, '/sanctum/csrf-cookie', { headers });
  const xsrf = csrf?.response.headers
    .getSetCookie()
    .map((cookie) => /^XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  if (!xsrf) return fail('csrf-cookie', String(csrf?.response.status ?? 'no answer'));
  const signedIn = { ...headers, cookie: `auth_token=${buyer.token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) };
  const cart = await recorder.send('POST /api/cart', 201, '/api/cart', {
    method: 'POST',
    headers: { ...signedIn, 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: pick(plan.paidProducts) }),
  });
  if (cart?.response.status !== 201) return fail('cart', `${cart?.response.status ?? 'no answer'} ${cart?.body.slice(0, 120) ?? ''}`);
  const checkout = await recorder.send('POST /api/checkout', 201, '/api/checkout', {
    method: 'POST',
    headers: { ...signedIn, 'idempotency-key': `load-${buyer.id}` },
  });
  if (checkout?.response.status !== 201) return fail('checkout', `${checkout?.response.status ?? 'no answer'} ${checkout?.body.slice(0, 120) ?? ''}`);
  const { order, payment } = (JSON.parse(checkout.body) as { data: CheckoutAnswer }).data;
  if (!payment) return fail('checkout', 'no payment form for a paid course');
  const start = await recorder.send('POST /api/payments/start', 303, new URL(payment.action).pathname, {
    method: 'POST',
    headers: { ...headers, accept: HTML.accept, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: payment.token }).toString(),
  });
  const gatewayPage = start?.response.headers.get('location');
  if (start?.response.status !== 303 || !gatewayPage) return fail('payments/start', String(start?.response.status ?? 'no answer'));
  const page = await recorder.send('GET /api/payments/sandbox/:token', 200, gatewayPage, { headers: { ...headers, accept: HTML.accept } });
  const pay = page && /href="([^"]*Status=OK[^"]*)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
  if (!pay) return fail('sandbox page', String(page?.response.status ?? 'no answer'));
  const verify = await recorder.send('GET /api/payments/callback', 303, pay, { headers: { ...headers, accept: HTML.accept } });
  const location = verify?.response.headers.get('location') ?? '';
  if (verify?.response.status !== 303 || !location.includes(`payment=paid&order_id=${order.id}`)) {
    return fail('verify', `${verify?.response.status ?? 'no answer'} ${location}`);
  }
  outcome.acknowledged.push({ userId: buyer.id, orderId: order.id });
}

/**
 * Runs `plan`: its visitors, each sending its next request a think time after the last answer,
 * and its purchases started on schedule (open loop) until `plan.seconds` have passed; then waits
 * up to DRAIN_TIMEOUT_MS for the purchases still running.
 * @returns each group's figures, the purchases' outcome and how late they started (ms)
 */
export async function runLoad(plan: LoadPlan): Promise<LoadResult> {
  const recorder = new Recorder(plan.origin);
  const next = visitorMix(plan, recorder);
  const outcome = new Purchases();
  const started = performance.now();
  const end = started + plan.seconds * 1000;

  const think = (scale: number) => new Promise((resolve) => setTimeout(resolve, plan.thinkMs * scale));
  const visitor = async (index: number) => {
    const forwarded = { 'x-forwarded-for': address(1, index) };
    // Visitors arrive spread over one think time, not all in the same millisecond.
    await think(Math.random());
    while (performance.now() < end) {
      const [name, expected, url, headers] = next();
      await recorder.send(name, expected, url, { headers: { ...headers, ...forwarded } });
      if (plan.thinkMs > 0) await think(0.5 + Math.random());
    }
  };

  const lags = createHistogram({ lowest: 1, highest: 600_000_000, figures: 3 });
  const purchases: Promise<void>[] = [];
  const schedule = async () => {
    const interval = 1000 / plan.checkoutsPerSecond;
    for (let k = 0; ; k++) {
      const due = started + k * interval;
      if (due >= end || k >= plan.buyers.length) return;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lags.record(Math.max(1, Math.round((performance.now() - due) * 1000)));
      purchases.push(purchase(recorder, plan, outcome, plan.buyers[k]!, k));
    }
  };

  await Promise.all([...Array.from({ length: plan.visitors }, (_, index) => visitor(index)), schedule()]);
  const durationSeconds = (performance.now() - started) / 1000;
  let drained = false;
  await Promise.race([
    Promise.all(purchases).then(() => (drained = true)),
    new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref()),
  ]);
  if (!drained) outcome.fail('drain', `purchases still running ${DRAIN_TIMEOUT_MS / 1000} s after the end`);

  return {
    durationSeconds,
    groups: [...recorder.groups.values()].map((g) => g.figures(durationSeconds)),
    checkouts: {
      started: purchases.length,
      acknowledged: outcome.acknowledged,
      failed: outcome.failed,
      failures: outcome.failures,
      startLagP99Ms: Math.round(lags.percentile(99) / 10) / 100,
      startLagMaxMs: Math.round(lags.max / 10) / 100,
    },
    errorSamples: recorder.errorSamples,
    unexpectedSamples: recorder.unexpectedSamples,
  };
}
