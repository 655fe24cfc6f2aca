/**
 * Short-lived cache of anonymous public answers (issue 9 "The API near the ceiling"). A GET route
 * with `config: { publicCache: true }` whose 200 answer does not depend on who asks, once sent to a
 * visitor (no `Authorization` header, no `auth_token` cookie), is kept as the exact bytes sent
 * (after compression) with their type and encoding headers, per URL and `Accept-Encoding`, for
 * `settings.publicCacheMs` (env PUBLIC_CACHE_MS, default 30 s; 0 turns the cache off). Later visitors
 * get those bytes without a query, serialization or compression; hooks (rate limit, metrics) still
 * run, and such an answer's log line is at `debug` (`answeredFromPublicCache`): at info, that line
 * alone cost a third of a cached answer's throughput in `npm run bench`, and the gateway's access
 * log has these requests.
 *
 * One computation per key at a time (lib/swr-cache.ts): when an answer expires, the first visitor computes the new one
 * while the others still get the expired bytes (stale-while-revalidate); when there is no answer at
 * all (first request, or after a write), the others wait for the first one's answer instead of all
 * reading the database at once. Measured at 50 connections, the herd that every expiry let loose
 * was what pushed p99 up (issue 9 bench).
 *
 * Invalidation: every POST/PUT/PATCH/DELETE that reaches a route and is not refused (status < 400
 * or ≥ 500) empties the public caches (this one and those of `createPublicCache`: visitors' pages)
 * before its answer leaves, so a client never reads an answer older than its own write; writes
 * that change no anonymous answer (sign-in, the cart, checkout and payment, tickets, a session
 * marked done…) say so with `config: { keepsPublicCache: true }` and leave them, so buying does not throw away every visitor's pages. An answer computed while a write
 * was under way is not stored. On PostgreSQL the write also tells the other server processes
 * (`NOTIFY public_cache` on the session connection they `LISTEN` on), which empty theirs; a process
 * whose session connection was lost empties its caches when it is back, since it may have missed
 * some. Writes outside the API (a restore, `seed:scale`) show within `publicCacheMs`.
 */
import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { createSwrCache, type SwrCache, type Turn } from '../../lib/swr-cache';
import { AUTH_COOKIE } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The anonymous 200 answer of this GET route is the same for every visitor: cache it briefly. */
    publicCache?: boolean;
    /** This write route changes no answer that visitors get: it leaves the public caches as they are. */
    keepsPublicCache?: boolean;
  }
  interface FastifyRequest {
    /** This request was answered with bytes kept by the public cache (its log line is at debug). */
    answeredFromPublicCache: boolean;
  }
  interface FastifyInstance {
    /**
     * Another cache of what every visitor shares (static-site.ts's pages), kept for PUBLIC_CACHE_MS
     * and emptied with the public API cache; null when PUBLIC_CACHE_MS is 0.
     */
    createPublicCache: <V>() => SwrCache<V> | null;
  }
}

/** Most answers kept at once by each public cache; the oldest goes first. */
const PUBLIC_CACHE_MAX_ENTRIES = 1000;

/** Response headers kept with a cached body (the others are per request or set by Fastify). */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'cache-control'] as const;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The PostgreSQL channel on which server processes tell each other that public answers changed. */
export const PUBLIC_CACHE_CHANNEL = 'public_cache';

/** An answer as kept: the bytes sent and their type and encoding headers. */
interface KeptAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

/** A request that computes its key's answer: its turn, and whether a stream's end (not the response's) ends it. */
interface Pending {
  turn: Turn<KeptAnswer>;
  streaming: boolean;
}

const pendingOf = new WeakMap<FastifyRequest, Pending>();

/** The cache key of a visitor's GET, or null when the request may depend on who asks. */
function keyOf(request: FastifyRequest): string | null {
  if (request.method !== 'GET' || request.routeOptions.config?.publicCache !== true) return null;
  if (request.headers.authorization !== undefined || request.cookies[AUTH_COOKIE] !== undefined) return null;
  if (request.headers['x-no-compression'] !== undefined) return null;
  return `${request.headers['accept-encoding'] ?? ''}\n${request.url}`;
}

export default fp(
  async (app) => {
    const ttlMs = app.settings.publicCacheMs;
    const caches: SwrCache<unknown>[] = [];
    const create = <V>(): SwrCache<V> | null => {
      if (!(ttlMs > 0)) return null;
      const cache = createSwrCache<V>({ ttlMs, maxEntries: PUBLIC_CACHE_MAX_ENTRIES });
      caches.push(cache as SwrCache<unknown>);
      return cache;
    };
    app.decorate('createPublicCache', create);
    const answers = create<KeptAnswer>();
    if (!answers) return;
    const invalidate = () => {
      for (const cache of caches) cache.clear();
    };

    /** This process's name in the notifications, so that it skips its own. */
    const processId = randomUUID();
    await app.dbSession?.use(async (client) => {
      client.on('notification', (message) => {
        if (message.channel === PUBLIC_CACHE_CHANNEL && message.payload !== processId) invalidate();
      });
      await client.query(`LISTEN ${PUBLIC_CACHE_CHANNEL}`);
      // A new connection after a lost one: what changed meanwhile was not heard.
      invalidate();
    });

    app.decorateRequest('answeredFromPublicCache', false);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null) return;
      const { value, turn } = await answers.lookup(key);
      // The one whose turn it is computes the answer, even when a stale one is kept.
      if (turn) {
        pendingOf.set(request, { turn, streaming: false });
        return;
      }
      request.answeredFromPublicCache = true;
      return reply.headers(value.headers).send(value.body);
    });

    const answerOf = (reply: FastifyReply, body: Buffer): KeptAnswer => {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      return { headers, body };
    };

    // After @fastify/compress's own onSend (it adds its hook to each route first): the bytes as
    // sent. Large answers come compressed as a stream: they are recorded as they pass.
    const store: onSendHookHandler = async (request, reply, payload) => {
      const pending = pendingOf.get(request);
      if (!pending || reply.statusCode !== 200) return payload;
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        pending.turn.keep(answerOf(reply, Buffer.from(payload)));
        return payload;
      }
      // @fastify/compress answers a readable-stream Transform, not a node:stream one: duck-typed as it does.
      if (typeof (payload as Readable | null)?.pipe !== 'function') return payload;
      pending.streaming = true;
      const chunks: Buffer[] = [];
      const recorder = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback(null, chunk);
        },
      });
      pipeline(payload as Readable, recorder, (error) => {
        if (error) pending.turn.end();
        else pending.turn.keep(answerOf(reply, Buffer.concat(chunks)));
      });
      return recorder;
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCache !== true) return;
      route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), store];
    });

    // An answer that was not kept (an error) ends its turn when it is sent.
    const release = async (request: FastifyRequest) => {
      const pending = pendingOf.get(request);
      if (pending && !pending.streaming) pending.turn.end();
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);

    app.addHook('onSend', async (request, reply, payload) => {
      if (!MUTATING.has(request.method) || request.routeOptions.url === undefined) return payload;
      if (request.routeOptions.config?.keepsPublicCache === true) return payload;
      if (reply.statusCode >= 400 && reply.statusCode < 500) return payload;
      invalidate();
      if (app.dbSession) {
        await app.db.execute(sql`select pg_notify(${PUBLIC_CACHE_CHANNEL}, ${processId})`).catch((error: unknown) => {
          request.log.error({ err: error }, 'could not tell the other server processes to empty their public caches');
        });
      }
      return payload;
    });
  },
  // After the db plugin when there is one (app.ts), for its session connection.
  { name: 'public-cache', dependencies: ['cookie', 'compress'] },
);
