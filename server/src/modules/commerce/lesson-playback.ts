/**
 * A lesson's playback (issue 38 items 1 and 2): what `POST /api/product-sessions/:sessionId/playback`
 * answers. The caller must be allowed to view the ready lesson (as the session page decides); a
 * paid lesson then plays only on a device of theirs within the site's limit, and starts a stream
 * that takes over the account's oldest beyond `max_concurrent_streams`. The URLs are signed for
 * the stream and the caller's credential, so the segments are checked from the stream registry
 * alone. A free preview needs no device and starts no stream: anyone signed in may watch it, and
 * watching it never stops a paid lesson elsewhere.
 */
import type { LessonPlayback, User } from '@shop/contracts';
import { DEVICE_KEY_PATTERN } from '@shop/contracts';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../lib/api-error';
import { PLAYBACK_MESSAGES } from './playback-messages';
import { type DeviceLimits, useDevice } from './playback-devices';
import { streamSuperseded } from './playback-refusal';
import { getLessonFiles, type SigningSettings } from './sessions-service';
import { LESSON_MEDIA_PATH, signLessonMedia } from './signed-urls';
import { deviceOfStream, newStreamId, type StreamRegistry } from './stream-registry';

/** The site's playback limits (issue 38; site_settings). */
export interface PlaybackLimits extends DeviceLimits {
  /** Lessons one account plays at once. */
  maxStreams: number;
}

/** What the player sends: its device key and user agent, its credential and, to renew, its stream. */
export interface PlaybackRequest {
  /** `X-Device-Key`, or undefined. */
  deviceKey: string | undefined;
  userAgent: string | undefined;
  /** The bearer or cookie token the caller signed in with: the media URLs open only with it. */
  credential: string;
  /** The player's current stream, to sign anew; undefined to start a new one. */
  streamId: string | undefined;
}

/**
 * The stream of a paid lesson on device `deviceId`: `streamId` renewed while current (or unknown
 * to the registry, which then records it again), else a new one that takes over.
 * @throws PlaybackRefusalError 409 `stream_superseded` for a stream taken over, or not this device's
 */
async function streamOf(streams: StreamRegistry, userId: number, deviceId: number, streamId: string | undefined, maxStreams: number): Promise<string> {
  if (streamId === undefined) {
    const started = newStreamId(deviceId);
    await streams.start(userId, started, maxStreams);
    return started;
  }
  if (deviceOfStream(streamId) !== deviceId) throw streamSuperseded();
  const state = await streams.renew(userId, streamId);
  if (state === 'superseded') throw streamSuperseded();
  if (state === 'unknown') await streams.start(userId, streamId, maxStreams);
  return streamId;
}

/**
 * The playable URLs of session `sessionId`'s ready lesson for `user` (issue 38): the device used
 * (a paid lesson), the stream started or renewed, every URL signed for them and the credential.
 * @throws ApiError 404 without a ready lesson (or an unknown session); 403 `signedUrlInvalid` when
 *   the user may not view it; 423 while its schedule closes it; 422 on `device_key` for a paid
 *   lesson without a valid key; PlaybackRefusalError 409 `device_limit` or `stream_superseded`
 */
export async function startLessonPlayback(
  db: Db,
  streams: StreamRegistry,
  user: User,
  sessionId: number,
  request: PlaybackRequest,
  { signing, limits }: { signing: SigningSettings; limits: PlaybackLimits },
): Promise<LessonPlayback> {
  const files = await getLessonFiles(db, user, sessionId);
  if (!files) throw notFound();
  let streamId: string | null = null;
  if (!files.free_preview) {
    if (!request.deviceKey || !DEVICE_KEY_PATTERN.test(request.deviceKey)) throw validationFailed({ device_key: [PLAYBACK_MESSAGES.deviceKeyInvalid] });
    const deviceId = await useDevice(db, user.id, request.deviceKey, request.userAgent, limits);
    streamId = await streamOf(streams, user.id, deviceId, request.streamId, limits.maxStreams);
  }
  const grant = { sessionId, viewerId: user.id, streamId, credential: request.credential };
  const { query, expiresAt } = signLessonMedia(signing.appKey, grant, signing.ttlSeconds);
  const base = `${LESSON_MEDIA_PATH}${sessionId}`;
  return {
    hls_url: `${base}/hls/master.m3u8?${query}`,
    subtitles_url: files.subtitles ? `${base}/subtitles.vtt?${query}` : null,
    expires_at: expiresAt,
    stream_id: streamId,
  };
}
