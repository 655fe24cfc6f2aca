/**
 * Short-lived cache of anonymous public answers (issue 9 "The API near the ceiling"). A GET route
 * with `config: { publicCache: true }` whose 200 answer does not depend on who asks, once sent to a
 * visitor (no `Authorization` header, no `auth_token` cookie), is kept as the exact bytes sent
 * (after compression) with their type and encoding headers, per URL and `Accept-Encoding`, for
 * `settings.publicCacheMs` (env PUBLIC_CACHE_MS, default 2 s; 0 turns the cache off). Later visitors
 * get those bytes without a query, serialization or compression; hooks (rate limit, logging) still run.
 *
 * Invalidation: every POST/PUT/PATCH/DELETE that reaches a route and is not refused (status < 400
 * or ≥ 500) empties the cache before its answer leaves, so a client never reads an answer older
 * than its own write. An answer computed while a write was under way is not stored. Other server
 * processes (several instances) and writes outside the API see at most `publicCacheMs` of lag.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { AUTH_COOKIE } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The anonymous 200 answer of this GET route is the same for every visitor: cache it briefly. */
    publicCache?: boolean;
  }
}

/** Most answers kept at once; the oldest goes first. */
export const PUBLIC_CACHE_MAX_ENTRIES = 1000;

/** Response headers kept with a cached body (the others are per request or set by Fastify). */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary'] as const;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Entry {
  expires: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Where a cacheable request stands: its key and the write generation it started in. */
interface Pending {
  key: string;
  generation: number;
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
    const ttl = app.settings.publicCacheMs;
    if (!(ttl > 0)) return;
    const entries = new Map<string, Entry>();
    let generation = 0;

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null) return;
      const entry = entries.get(key);
      if (entry && entry.expires > Date.now()) return reply.headers(entry.headers).send(entry.body);
      if (entry) entries.delete(key);
      pendingOf.set(request, { key, generation });
    });

    const keep = (key: string, reply: FastifyReply, body: Buffer) => {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
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
        return payload;
      }
      // @fastify/compress answers a readable-stream Transform, not a node:stream one: duck-typed as it does.
      if (typeof (payload as Readable | null)?.pipe !== 'function') return payload;
      const chunks: Buffer[] = [];
      const recorder = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done(null, chunk);
        },
      });
      pipeline(payload as Readable, recorder, (error) => {
        if (!error && pending.generation === generation) keep(pending.key, reply, Buffer.concat(chunks));
      });
      return recorder;
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCache !== true) return;
      route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), store];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const refused = reply.statusCode >= 400 && reply.statusCode < 500;
      if (MUTATING.has(request.method) && request.routeOptions.url !== undefined && !refused) {
        generation++;
        entries.clear();
      }
      return payload;
    });
  },
  { name: 'public-cache', dependencies: ['cookie', 'compress'] },
);
