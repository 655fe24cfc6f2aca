/**
 * A ready lesson's media behind URLs signed for one viewer (issue 24 "the playlists and segments
 * come through URLs signed for this buyer and session that expire"): the HLS files under the
 * session's private `hls` prefix and its subtitles, from the data folder or S3 alike. Playlists
 * are rewritten so every URI they name carries the request's signed query.
 *
 * Issue 38 item 2: the query names its viewer and stream and is signed for the caller's credential,
 * so a segment is checked without the database: the signature against the request's own token,
 * and the stream against the registry (memory or Redis). A stream another one took over answers
 * 409 `stream_superseded`. Playlists and subtitles still check the signed-in caller and their
 * right to view afresh; a segment reads that right from the route's cache and never waits for the
 * database: a leave older than {@link VIEWER_CACHE_TTL_MS} is checked again beside the answer.
 *
 * Issue 38 item 3: a rendition with B segments (`forensic_renditions`) is served to each viewer as
 * their own code word says: their playlist names A or B per segment, and a segment is served only
 * in the version their playlist names (one HMAC, no database), so no one can fetch both and leak a
 * copy that names nobody.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiError, notFound } from '../../lib/api-error';
import { addPlaylistQuery } from '../../lib/add-playlist-query';
import { parseId } from '../../lib/pagination';
import { errorBodySchema, signedInErrorResponses } from '../../lib/schemas';
import { sendStoredFile, type StoredFileSource } from '../../lib/stored-file-reply';
import { credentialOf, getAuth, guard } from '../../plugins/app/auth';
import {
  COMMERCE_MESSAGES,
  getLessonFiles,
  isValidLessonMediaSignature,
  type LessonFiles,
  STREAM_ID_PATTERN,
  streamSuperseded,
} from '../../modules/commerce';
import { forensicKey, mayFetchSegment, watermarkPlaylist, type ForensicKey } from '../../modules/forensics';
import { playbackRefusalSchema } from './playback-schemas';

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
 * How long a viewer's leave to view a lesson is trusted for its segments, ms. A player asks for a
 * segment every few seconds; the purchase and the lesson's folder are read again at most this
 * often per viewer and lesson, beside a segment's answer (never before it: issue 38 item 2), and
 * every playlist checks afresh (and renews the kept leave). So a refund or a new lesson takes
 * effect at once for playlists, and for segments by the first one asked after this time has passed
 * and the check found it.
 */
const VIEWER_CACHE_TTL_MS = 30_000;

/**
 * A viewer's leave to view a lesson: its files, the lesson's forensic key when it has marked
 * renditions (derived once per leave, not per segment), and when the database said so (ms since the epoch).
 */
interface Leave {
  files: LessonFiles;
  forensic: ForensicKey | null;
  checkedAt: number;
}

/** The largest playlist read to rewrite, bytes (a two-hour lesson's media playlist is ~50 KB). */
const MAX_PLAYLIST_BYTES = 1024 * 1024;

interface MediaRequest {
  Params: { sessionId: string; '*'?: string };
  Querystring: { viewer?: string; stream?: string; expires?: string; signature?: string };
}

/** What a media request's guard checked: the session, the viewer the query names, and its stream. */
interface CheckedMedia {
  sessionId: number;
  viewerId: number;
  streamId: string | null;
}

const checked = new WeakMap<FastifyRequest, CheckedMedia>();

/**
 * The guard of the media routes (issue 38 item 2), without the database: the query's signature
 * must match the session, the viewer and stream it names and the credential this request sends
 * (bearer or cookie), before `expires`; else 403 `signedUrlInvalid` (visitors too: no credential).
 * A stream the registry says another one took over answers 409 `stream_superseded`. 404 for a
 * malformed session id. Whether the viewer may still view the session is the route's to check.
 */
const requireMediaViewer = guard('signed-in', async (request) => {
  const { params, query } = request as FastifyRequest<MediaRequest>;
  const sessionId = parseId(params.sessionId);
  if (sessionId === null) throw notFound();
  const credential = credentialOf(request);
  const viewerId = parseId(query.viewer ?? '');
  const streamId = query.stream ?? null;
  const grant = credential !== null && viewerId !== null && (streamId === null || STREAM_ID_PATTERN.test(streamId)) ? { sessionId, viewerId, streamId, credential } : null;
  if (!grant || !isValidLessonMediaSignature(request.server.settings.appKey, grant, Number(query.expires), query.signature ?? '')) {
    throw new ApiError(403, COMMERCE_MESSAGES.signedUrlInvalid);
  }
  if (streamId !== null && (await request.server.streams.stateOf(grant.viewerId, streamId)) === 'superseded') throw streamSuperseded();
  checked.set(request, { sessionId, viewerId: grant.viewerId, streamId });
});

const params = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;

const querystring = {
  type: 'object',
  properties: {
    viewer: { type: 'string', maxLength: 12 },
    stream: { type: 'string', maxLength: 40 },
    expires: { type: 'string', maxLength: 20 },
    signature: { type: 'string', maxLength: 100 },
  },
} as const;

const fileResponses = {
  200: { type: 'string', format: 'binary' },
  206: { type: 'string', format: 'binary' },
  409: playbackRefusalSchema,
  416: errorBodySchema,
  ...signedInErrorResponses,
} as const;

const lessonMediaRoutes: FastifyPluginAsync = async (app) => {
  /** Leaves to view lessons, by `<user id>:<session id>`; refusals are not kept. */
  const viewable = new LRUCache<string, Leave>({ max: 10_000 });
  /** Keys whose leave is being checked again beside a segment's answer. */
  const rechecking = new Set<string>();
  /**
   * The viewer's leave to view the session, read from the database now (with the caller, who must
   * still be signed in as that viewer) and kept; a refusal drops the kept one.
   * @throws ApiError 403 `signedUrlInvalid` (another caller, or may not view), 404, 423
   */
  const check = async (request: FastifyRequest<MediaRequest>, key: string, { sessionId, viewerId }: CheckedMedia) => {
    try {
      const auth = await getAuth(request);
      if (auth?.user.id !== viewerId) throw new ApiError(403, COMMERCE_MESSAGES.signedUrlInvalid);
      const files = await getLessonFiles(app.db, auth.user, sessionId);
      if (!files) throw notFound();
      const leave = { files, forensic: files.forensic_renditions ? forensicKey(app.settings.appKey, sessionId) : null, checkedAt: Date.now() };
      viewable.set(key, leave);
      return leave;
    } catch (error) {
      if (error instanceof ApiError) viewable.delete(key);
      throw error;
    }
  };
  /**
   * The leave to view the session's ready lesson for the viewer the guard checked, or 404; 403
   * when they may not view it, or when the caller is no longer signed in as that viewer. `fresh`
   * reads them from the database; otherwise a kept leave answers at once, checked again beside the
   * answer once older than {@link VIEWER_CACHE_TTL_MS} (a database away keeps it), so a segment
   * never waits for a query. Only a viewer's first segment on this server without a playlist before
   * it (another server answered that) waits for the check.
   */
  const filesOf = async (request: FastifyRequest<MediaRequest>, fresh: boolean) => {
    const media = checked.get(request)!;
    const key = `${media.viewerId}:${media.sessionId}`;
    const kept = fresh ? undefined : viewable.get(key);
    if (!kept) return check(request, key, media);
    if (Date.now() - kept.checkedAt > VIEWER_CACHE_TTL_MS && !rechecking.has(key)) {
      rechecking.add(key);
      check(request, key, media)
        .catch((error: unknown) => {
          if (!(error instanceof ApiError)) request.log.warn({ err: error }, "a lesson viewer's leave could not be checked again; the kept one stands");
        })
        .finally(() => rechecking.delete(key));
    }
    return kept;
  };
  const privateFile = (key: string): StoredFileSource => ({
    stat: () => app.storage.statPrivate(key),
    open: (range) => app.storage.openPrivate(key, range),
  });

  /**
   * GET /api/media/lessons/:sessionId/hls/<file>?viewer=&stream=&expires=&signature=: a playlist
   * (its URIs signed with the same query) or a segment (Range → 206, 416; ETag → 304) of the ready
   * lesson; 403 `signedUrlInvalid` for a visitor, another user or browser, an expired or tampered
   * signature, or a viewer who may no longer view the session; 409 `stream_superseded` once another
   * stream of the account took over (issue 38); 404 for a path that is no HLS file, a missing file,
   * or the version of a marked segment that the viewer's playlist does not name (issue 38 item 3).
   */
  app.get<MediaRequest>(
    '/api/media/lessons/:sessionId/hls/*',
    {
      onRequest: requireMediaViewer,
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
      const {
        files: { hls, forensic_renditions: marked },
        forensic,
      } = await filesOf(request, extension === 'm3u8');
      // `hls` is the lesson's folder, `lessons/<id>/<uuid>/` (modules/lessons/transcode.ts).
      const key = `${hls}${path}`;
      const { viewerId, streamId } = checked.get(request)!;
      reply.header('x-content-type-options', 'nosniff');
      if (extension !== 'm3u8') {
        // The other version of a marked segment is not this viewer's to fetch.
        if (forensic && !mayFetchSegment(path, forensic, viewerId, marked!)) throw notFound();
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
      const stream = streamId === null ? '' : `&stream=${streamId}`;
      const query = `viewer=${viewerId}${stream}&expires=${Number(request.query.expires)}&signature=${request.query.signature}`;
      const text = Buffer.concat(chunks).toString('utf8');
      const rendition = /^([a-z0-9_-]+)\/[^/]+\.m3u8$/i.exec(path)?.[1];
      const own = forensic && rendition && marked!.includes(rendition) ? watermarkPlaylist(text, forensic, viewerId) : text;
      const playlist = addPlaylistQuery(own, query);
      return reply.type(CONTENT_TYPES.m3u8!).header('cache-control', CACHE_CONTROL).send(playlist);
    },
  );

  /**
   * GET /api/media/lessons/:sessionId/subtitles.vtt?viewer=&stream=&expires=&signature=: the
   * lesson's Persian WebVTT subtitles; the refusals of the HLS route; 404 without subtitles.
   */
  app.get<MediaRequest>(
    '/api/media/lessons/:sessionId/subtitles.vtt',
    {
      onRequest: requireMediaViewer,
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
      const { subtitles } = (await filesOf(request, true)).files;
      if (!subtitles) throw notFound();
      reply.header('x-content-type-options', 'nosniff');
      return sendStoredFile(request, reply, privateFile(subtitles), { contentType: CONTENT_TYPES.vtt!, cacheControl: CACHE_CONTROL });
    },
  );
};

export default lessonMediaRoutes;
