/**
 * The steady stream of requests of the fault tests and of `npm run bench:faults` (issue 23): reads,
 * a signed-in write (comments, as the demo user) and checkouts (new buyers, each once), in three
 * loops, each answer recorded with what it acknowledged; and what the database kept of them.
 */
import { Client } from 'pg';
import type { Paginated, Post, Product } from '@shop/contracts';
import { expectAnswer, login, register, type Account } from '../crash/crash-client';

/** One request of the workload and its outcome. */
export interface Outcome {
  kind: 'read' | 'comment' | 'checkout';
  startedAt: number;
  endedAt: number;
  /** null: no answer arrived. */
  status: number | null;
  retryAfter: string | null;
  message: unknown;
}

/** Reads, comments and checkouts sent in three loops until stopped; what each answer acknowledged. */
export class Workload {
  readonly outcomes: Outcome[] = [];
  readonly comments: string[] = [];
  readonly orders: number[] = [];
  private running = true;
  private readonly loops: Promise<void>[];
  private sent = 0;

  constructor(
    private readonly origin: string,
    private readonly user: { headers: { authorization: string }; id: number },
    private readonly post: Post,
    products: Product[],
    buyers: Account[],
  ) {
    const tag = `${process.pid}-${Date.now()}`;
    this.loops = [
      this.loop('read', () => {
        const product = products[this.sent % products.length]!;
        return this.sent % 2 ? `/api/products/${product.id}` : `/api/posts?page=1&per_page=5&filter=${['all', 'newest', 'most-liked'][this.sent % 3]}`;
      }),
      this.loop('comment', () => `/api/comments`, () => {
        const text = `نظر آزمون خرابی ${tag}-${this.sent}`;
        return {
          method: 'POST',
          headers: { ...this.user.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: this.user.id, parent_id: 0, text, commentable_id: this.post.id, commentable_type: 'post' }),
          acknowledge: () => this.comments.push(text),
        };
      }),
      this.loop('checkout', () => '/api/checkout', () => {
        const buyer = buyers.shift();
        if (!buyer) return null;
        return {
          method: 'POST',
          headers: { ...buyer.headers, 'idempotency-key': `fault-${tag}-${buyer.id}` },
          acknowledge: (body: unknown) => this.orders.push((body as { data: { order: { id: number } } }).data.order.id),
        };
      }),
    ];
  }

  private async loop(
    kind: Outcome['kind'],
    url: () => string,
    init: () => { method: string; headers: Record<string, string>; body?: string; acknowledge: (body: unknown) => void } | null = () => ({
      method: 'GET',
      headers: {},
      acknowledge: () => undefined,
    }),
  ): Promise<void> {
    while (this.running) {
      const request = init();
      if (!request) return;
      this.sent += 1;
      const startedAt = Date.now();
      let response: Response | null = null;
      let body: unknown = null;
      try {
        response = await fetch(`${this.origin}${url()}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' });
        const text = await response.text();
        body = text ? JSON.parse(text) : null;
      } catch {
        response = null;
      }
      const status = response?.status ?? null;
      if (status !== null && status < 300) request.acknowledge(body);
      this.outcomes.push({
        kind,
        startedAt,
        endedAt: Date.now(),
        status,
        retryAfter: response?.headers.get('retry-after') ?? null,
        message: (body as { message?: unknown } | null)?.message,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the loops and waits for the requests in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** Resolves once `check` is true, polling every 50 ms; false after `ms`. */
export async function eventually(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** What the workload needs of a site: the demo user signed in, a post to comment on, paid courses. */
export interface WorkloadTargets {
  user: { headers: { authorization: string }; id: number };
  post: Post;
  products: Product[];
}

/** Signs the demo user in at `origin` and reads the post and courses the workload uses. */
export async function workloadTargets(origin: string): Promise<WorkloadTargets> {
  const headers = await login(origin, 'user@example.com', 'User12345');
  const me = await expectAnswer(origin, '/api/auth/logged-in-user-info', 200, { method: 'POST', headers });
  return {
    user: { headers, id: (me.body as { data: { user: { id: number } } }).data.user.id },
    post: ((await expectAnswer(origin, '/api/posts?per_page=1', 200)).body as Paginated<Post>).data[0]!,
    products: ((await expectAnswer(origin, '/api/products?per_page=50', 200)).body as Paginated<Product>).data.filter((p) => p.price > 0),
  };
}

/** The environment of a server under a workload: no visitors' cache (every read asks the database), limits out of the way. */
export const WORKLOAD_ENV: Record<string, string> = {
  PUBLIC_CACHE_MS: '0',
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
  RATE_LIMIT_COMMENTS_PER_MINUTE: '100000',
  RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_HOUR: '100000',
};

/** Buyers with one of `products` in their cart, registered at `origin`, each to check out once during a fault. */
export async function buyersWithCarts(origin: string, products: Product[], count: number): Promise<Account[]> {
  const buyers: Account[] = [];
  for (let i = 0; i < count; i += 1) {
    const buyer = await register(origin);
    await expectAnswer(origin, '/api/cart', 201, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: products[i % products.length]!.id }),
    });
    buyers.push(buyer);
  }
  return buyers;
}

/** Acknowledged writes of `workload` that the database at `databaseUrl` does not hold: comment texts and order ids. */
export async function lostWrites(databaseUrl: string, workload: Workload): Promise<{ comments: string[]; orders: number[] }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const comments = await client.query<{ text: string }>('select text from comments where text = any($1)', [workload.comments]);
    const orders = await client.query<{ id: number }>('select id from orders where id = any($1)', [workload.orders]);
    const keptComments = new Set(comments.rows.map((row) => row.text));
    const keptOrders = new Set(orders.rows.map((row) => row.id));
    return { comments: workload.comments.filter((text) => !keptComments.has(text)), orders: workload.orders.filter((id) => !keptOrders.has(id)) };
  } finally {
    await client.end();
  }
}
