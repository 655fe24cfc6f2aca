/**
 * Signed, expiring URLs of lesson files (DESIGN.md "Money, payments, mail, media"; issue 6) and of
 * a lesson's HLS playlists, segments and subtitles (issue 24): a copied link stops working once
 * `expires` (unix seconds) passes. The signature is HMAC-SHA256 with the app key over what the
 * URL is for, its viewer and the expiry, base64url. Both kinds are signed for one viewer (issue 31
 * item 4 for lesson files): the route checks the HMAC against the signed-in caller's id, so another
 * user's or a visitor's copy fails. A lesson's media is also signed for its stream and the viewer's
 * credential (issue 38 item 2), so its segments are checked without the database.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Path prefix of the lesson-file route. */
export const SESSION_MEDIA_PATH = '/api/media/sessions/';

/** Path prefix of a ready lesson's media routes: `<prefix><sessionId>/hls/<file>`, `<prefix><sessionId>/subtitles.vtt`. */
export const LESSON_MEDIA_PATH = '/api/media/lessons/';

/** The signed subject: what a URL opens and for whom (`session-file:<id>:<user id>`, or a lesson's media grant). */
function signature(appKey: string, subject: string, expires: number): string {
  return createHmac('sha256', appKey).update(`${subject}:${expires}`).digest('base64url');
}

const sessionFileSubject = (sessionId: number, userId: number) => `session-file:${sessionId}:${userId}`;

/** Unix seconds `ttlSeconds` after `now` (ms). */
const expiryOf = (ttlSeconds: number, now: number) => Math.floor(now / 1000) + ttlSeconds;

/** True when `sig` signs `subject` + `expires` and `expires` (unix s) is still ahead of `now` (ms). */
function isValid(appKey: string, subject: string, expires: number, sig: string, now: number): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(appKey, subject, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A signed URL of a session's file and when it expires (ISO UTC). */
export interface SignedUrl {
  url: string;
  expiresAt: string;
}

/**
 * `/api/media/sessions/<id>?expires=<unix s>&signature=<hmac>`: session `sessionId`'s lesson file
 * for user `userId` only (issue 31 item 4), valid for `ttlSeconds` from `now` (ms since the epoch).
 * The URL keeps its shape; the HMAC covers the session, the user and the expiry.
 */
export function signSessionFileUrl(appKey: string, sessionId: number, userId: number, ttlSeconds: number, now = Date.now()): SignedUrl {
  const expires = expiryOf(ttlSeconds, now);
  return {
    url: `${SESSION_MEDIA_PATH}${sessionId}?expires=${expires}&signature=${signature(appKey, sessionFileSubject(sessionId, userId), expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * True when `sig` signs session `sessionId`'s lesson file for `userId` until `expires` (unix s),
 * still ahead of `now` (ms). A URL signed before issue 31 (without a user) never passes.
 */
export function isValidSessionFileSignature(
  appKey: string,
  sessionId: number,
  userId: number,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  return isValid(appKey, sessionFileSubject(sessionId, userId), expires, sig, now);
}

/** The query that opens one viewer's lesson media (`viewer=<id>[&stream=<id>]&expires=<unix s>&signature=<hmac>`, no `?`) and when it expires (ISO UTC). */
export interface SignedQuery {
  query: string;
  expiresAt: string;
}

/**
 * Whom and what a lesson's media query is signed for (issue 38): the session, the viewer, the
 * stream (null for a free preview, which starts none) and the credential (the bearer or cookie
 * token) the viewer asked with. Only a digest of the credential enters the signature, and the
 * query carries none of it: the media routes check the caller's own token against it without the
 * database, so a copied URL works for no other browser or account.
 */
export interface LessonMediaGrant {
  sessionId: number;
  viewerId: number;
  streamId: string | null;
  credential: string;
}

/** The SHA-256 of a credential, base64url. */
const credentialDigest = (credential: string) => createHash('sha256').update(credential).digest('base64url');

const lessonMediaSubject = ({ sessionId, viewerId, streamId, credential }: LessonMediaGrant) =>
  `lesson-media:${sessionId}:${viewerId}:${streamId ?? ''}:${credentialDigest(credential)}`;

/**
 * The query of every media URL of a ready lesson (issue 24) for one grant (issue 38): the master
 * playlist, the playlists and segments it leads to, the subtitles. Valid for `ttlSeconds` from
 * `now` (ms since the epoch), only with the grant's credential, and while its stream is current.
 */
export function signLessonMedia(appKey: string, grant: LessonMediaGrant, ttlSeconds: number, now = Date.now()): SignedQuery {
  const expires = expiryOf(ttlSeconds, now);
  const stream = grant.streamId === null ? '' : `&stream=${grant.streamId}`;
  return {
    query: `viewer=${grant.viewerId}${stream}&expires=${expires}&signature=${signature(appKey, lessonMediaSubject(grant), expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * True when `sig` signs `grant` (as the request gives it: session, viewer, stream, the caller's
 * credential) until `expires` (unix s), still ahead of `now` (ms). Asked per segment: no database.
 */
export function isValidLessonMediaSignature(appKey: string, grant: LessonMediaGrant, expires: number, sig: string, now = Date.now()): boolean {
  return isValid(appKey, lessonMediaSubject(grant), expires, sig, now);
}
