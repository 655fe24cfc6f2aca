/**
 * Short-lived cache of anonymous public answers (issue 9 "The API near the ceiling"). A GET route
 * with `config: { publicCache: true }` whose 200 answer does not depend on who asks, once sent to a
 * visitor (no `Authorization` header, no `auth_token` cookie), is kept as the exact bytes sent
 * (after compression) with their type and encoding headers, per URL and `Accept-Encoding`, for
 * `settings.publicCacheMs` (env PUBLIC_CACHE_MS, default 2 s; 0 turns the cache off). Later visitors
 * get those bytes without a query, serialization or compression; hooks (rate limit, metrics) still
 * run, and such an answer's log line is at `debug` (`answeredFromPublicCache`): at info, that line
 * alone cost a third of a cached answer's throughput in `npm run bench`, and the gateway's access
 * log has these requests.
 *
 * One computation per key at a time: when an answer expires, the first visitor computes the new one
 * while the others still get the expired bytes (stale-while-revalidate); when there is no answer at
 * all (first request, or after a write), the others wait for the first one's answer instead of all
 * reading the database at once. Measured at 50 connections, the herd that every expiry let loose
 * was what pushed p99 up (issue 9 bench).
 *
 * Invalidation: every POST/PUT/PATCH/DELETE that reaches a route and is not refused (status < 400
 * or ≥ 500) empties the cache before its answer leaves, so a client never reads an answer older
 * than its own write; writes that change no anonymous answer (sign-in, the cart, checkout and
 * payment, tickets, a session marked done…) say so with `config: { keepsPublicCache: true }` and
 * leave it, so buying does not throw away every visitor's pages. An answer computed while a write
 * was under way is not stored. On PostgreSQL the write also tells the other server processes
 * (`NOTIFY public_cache` on the session connection they `LISTEN` on), which empty theirs; a process
 * whose session connection was lost empties its cache when it is back, since it may have missed
 * some. Writes outside the API (a restore, `seed:scale`) show within `publicCacheMs`.
 */
import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
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
     * The write generation: it changes whenever an accepted write empties the cache, so another
     * cache of anonymous answers (static-site.ts's pages) keeps an answer only within one generation.
     */
    publicCacheGeneration: () => number;
  }
}

/** Most answers kept at once; the oldest goes first. */
export const PUBLIC_CACHE_MAX_ENTRIES = 1000;

/** Response headers kept with a cached body (the others are per request or set by Fastify). */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'cache-control'] as const;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The PostgreSQL channel on which server processes tell each other that public answers changed. */
export const PUBLIC_CACHE_CHANNEL = 'public_cache';

interface Entry {
  expires: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A cacheable request that computes its answer: its key, the write generation it started in, and how to end its turn. */
interface Pending {
  key: string;
  generation: number;
  /** Its answer is recorded from a stream: the end of the stream, not of the response, ends the turn. */
  streaming: boolean;
  /** Ends this request's turn as the key's computation (idempotent). */
  done: () => void;
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
    let generation = 0;
    app.decorate('publicCacheGeneration', () => generation);
    const ttl = app.settings.publicCacheMs;
    if (!(ttl > 0)) return;
    const entries = new Map<string, Entry>();
    /** Keys being computed now, each with the promise its computation settles. */
    const computing = new Map<string, Promise<void>>();
    const invalidate = () => {
      generation++;
      entries.clear();
      computing.clear();
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
    const serve = (reply: FastifyReply, entry: Entry) => {
      reply.request.answeredFromPublicCache = true;
      return reply.headers(entry.headers).send(entry.body);
    };

    /** Makes `request` the one computing `key`'s answer. */
    const compute = (request: FastifyRequest, key: string) => {
      let settle!: () => void;
      const turn = new Promise<void>((resolve) => (settle = resolve));
      computing.set(key, turn);
      const done = () => {
        if (computing.get(key) === turn) computing.delete(key);
        settle();
      };
      pendingOf.set(request, { key, generation, streaming: false, done });
    };

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null) return;
      let entry = entries.get(key);
      if (entry && entry.expires > Date.now()) return serve(reply, entry);
      const turn = computing.get(key);
      if (turn && entry) return serve(reply, entry);
      if (turn) {
        await turn;
        entry = entries.get(key);
        if (entry && entry.expires > Date.now()) return serve(reply, entry);
      }
      compute(request, key);
    });

    const keep = (key: string, reply: FastifyReply, body: Buffer) => {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      entries.delete(key);
      if (entries.size >= PUBLIC_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { expires: Date.now() + ttl, headers, body });
    };

    // After @fastify/compress's own onSend (it adds its hook to each route first): the bytes as
    // sent. Large answers come compressed as a stream: they are recorded as they pass.
    const store: onSendHookHandler = async (request, reply, payload) => {
      const pending = pendingOf.get(request);
      if (!pending || pending.generation !== generation || reply.statusCode !== 200) return payload;
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
        keep(pending.key, reply, Buffer.from(payload));
        pending.done();
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
        if (!error && pending.generation === generation) keep(pending.key, reply, Buffer.concat(chunks));
        pending.done();
      });
      return recorder;
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCache !== true) return;
      route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), store];
    });

    // An answer that was not kept (an error, a write meanwhile) ends its turn when it is sent.
    const release = async (request: FastifyRequest) => {
      const pending = pendingOf.get(request);
      if (pending && !pending.streaming) pending.done();
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
