/**
 * A ready lesson's media behind URLs signed for one viewer (issue 24 "the playlists and segments
 * come through URLs signed for this buyer and session that expire"): the HLS files under the
 * session's private `hls` prefix and its subtitles, from the data folder or S3 alike. Playlists
 * are rewritten so every URI they name carries the request's signed query.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { notFound } from '../../lib/api-error';
import { addPlaylistQuery } from '../../lib/add-playlist-query';
import { parseId } from '../../lib/pagination';
import { errorBodySchema, signedInErrorResponses } from '../../lib/schemas';
import { sendStoredFile, type StoredFileSource } from '../../lib/stored-file-reply';
import { getAuth } from '../../plugins/app/auth';
import { getLessonFiles, isValidLessonMediaSignature, type LessonFiles } from '../../modules/commerce';
import { requireSignedViewer } from './signed-viewer-guard';

/** A file of a lesson's HLS: up to four folders deep, plain names, one of the HLS extensions. */
const HLS_FILE = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+){0,3}\.(m3u8|ts|m4s|mp4|aac|vtt)$/i;

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  aac: 'audio/aac',
  vtt: 'text/vtt; charset=utf-8',
};

/** Signed media is the viewer's own: kept by their browser only, and asked again before reuse. */
const CACHE_CONTROL = 'private, no-cache';

/**
 * How long a viewer's leave to view a lesson is kept for its segments, ms. A player asks for a
 * segment every few seconds, so the purchase and the lesson's folder are read at most this often
 * per viewer and lesson; every playlist is checked afresh (and renews the kept leave), so a
 * refund or a new lesson takes effect at once for playlists and within this time for segments.
 */
const VIEWER_CACHE_TTL_MS = 30_000;

/** The largest playlist read to rewrite, bytes (a two-hour lesson's media playlist is ~50 KB). */
const MAX_PLAYLIST_BYTES = 1024 * 1024;

interface MediaRequest {
  Params: { sessionId: string; '*'?: string };
  Querystring: { expires?: string; signature?: string };
}

const requireViewer = requireSignedViewer(isValidLessonMediaSignature);

const params = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;

const querystring = {
  type: 'object',
  properties: { expires: { type: 'string', maxLength: 20 }, signature: { type: 'string', maxLength: 100 } },
} as const;

const fileResponses = {
  200: { type: 'string', format: 'binary' },
  206: { type: 'string', format: 'binary' },
  416: errorBodySchema,
  ...signedInErrorResponses,
} as const;

const lessonMediaRoutes: FastifyPluginAsync = async (app) => {
  /** Files of lessons their viewers may view, by `<user id>:<session id>`; refusals are not kept. */
  const viewable = new LRUCache<string, LessonFiles>({ max: 10_000, ttl: VIEWER_CACHE_TTL_MS });
  /**
   * The stored files of the session's ready lesson for the signed-in caller (guarded already), or
   * 404; 403 when they may not view it. `fresh` reads them from the database; otherwise a leave
   * kept less than {@link VIEWER_CACHE_TTL_MS} ago is used.
   */
  const filesOf = async (request: FastifyRequest<MediaRequest>, fresh: boolean) => {
    const { user } = (await getAuth(request))!;
    const sessionId = parseId(request.params.sessionId)!;
    const key = `${user.id}:${sessionId}`;
    const kept = fresh ? undefined : viewable.get(key);
    if (kept) return kept;
    viewable.delete(key);
    const files = await getLessonFiles(app.db, user, sessionId);
    if (!files) throw notFound();
    viewable.set(key, files);
    return files;
  };
  const privateFile = (key: string): StoredFileSource => ({
    stat: () => app.storage.statPrivate(key),
    open: (range) => app.storage.openPrivate(key, range),
  });

  /**
   * GET /api/media/lessons/:sessionId/hls/<file>?expires=&signature=: a playlist (its URIs signed
   * with the same query) or a segment (Range → 206, 416; ETag → 304) of the ready lesson; 403
   * `signedUrlInvalid` for a visitor, another user, an expired or tampered signature, or a viewer
   * who may no longer view the session; 404 for a path that is no HLS file or a missing file.
   */
  app.get<MediaRequest>(
    '/api/media/lessons/:sessionId/hls/*',
    {
      onRequest: requireViewer,
      compress: false,
      schema: {
        // A path of several segments has no OpenAPI form (a path parameter holds no `/`), as `/media/*`.
        hide: true,
        tags: ['commerce'],
        summary: "A ready lesson's HLS playlist or segment through its signed, expiring query",
        params: { type: 'object', properties: { sessionId: { type: 'string' }, '*': { type: 'string' } } },
        querystring,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const path = request.params['*'] ?? '';
      const extension = HLS_FILE.exec(path)?.[1]?.toLowerCase();
      if (!extension) throw notFound();
      const { hls } = await filesOf(request, extension === 'm3u8');
      // `hls` is the lesson's folder, `lessons/<id>/<uuid>/` (modules/lessons/transcode.ts).
      const key = `${hls}${path}`;
      reply.header('x-content-type-options', 'nosniff');
      if (extension !== 'm3u8') {
        return sendStoredFile(request, reply, privateFile(key), { contentType: CONTENT_TYPES[extension]!, cacheControl: CACHE_CONTROL });
      }
      const file = await app.storage.openPrivate(key);
      if (!file) throw notFound();
      if (file.size > MAX_PLAYLIST_BYTES) {
        file.stream.destroy();
        throw notFound();
      }
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      // Built from the checked values, so the playlist carries exactly what the guard accepted.
      const query = `expires=${Number(request.query.expires)}&signature=${request.query.signature}`;
      const playlist = addPlaylistQuery(Buffer.concat(chunks).toString('utf8'), query);
      return reply.type(CONTENT_TYPES.m3u8!).header('cache-control', CACHE_CONTROL).send(playlist);
    },
  );

  /**
   * GET /api/media/lessons/:sessionId/subtitles.vtt?expires=&signature=: the lesson's Persian
   * WebVTT subtitles; the refusals of the HLS route; 404 without subtitles.
   */
  app.get<MediaRequest>(
    '/api/media/lessons/:sessionId/subtitles.vtt',
    {
      onRequest: requireViewer,
      compress: false,
      schema: {
        tags: ['commerce'],
        summary: "A ready lesson's subtitles through its signed, expiring query",
        params,
        querystring,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const { subtitles } = await filesOf(request, true);
      if (!subtitles) throw notFound();
      reply.header('x-content-type-options', 'nosniff');
      return sendStoredFile(request, reply, privateFile(subtitles), { contentType: CONTENT_TYPES.vtt!, cacheControl: CACHE_CONTROL });
    },
  );
};

export default lessonMediaRoutes;
