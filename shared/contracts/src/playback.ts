/**
 * Wire shapes of a lesson's playback (issue 38 items 1 and 2): the devices a buyer's lessons play
 * on and the streams one account plays at once. Same conventions as entities.ts.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 *
 * Signed in (401 otherwise):
 * - `POST   /product-sessions/:sessionId/playback` `{stream_id?}`, header {@link DEVICE_KEY_HEADER}
 *   → `Item<LessonPlayback>`: the ready lesson's signed URLs and a new stream, which takes over the
 *   account's oldest one beyond the site's `max_concurrent_streams`; with `stream_id` (the player's
 *   own, before its URLs expire) the same stream signed anew. A paid lesson plays only on a known
 *   device or a new one within `max_devices`; free previews need no device and start no stream.
 *   409 {@link PlaybackRefusal} `device_limit` (with the account's devices) or `stream_superseded`
 *   (a renewal of a stream another one took over); 422 on `device_key` without a valid key for a
 *   paid lesson; 404 without a ready lesson; 403/423 as the session page
 * - `GET    /devices` → `Item<OwnDevices>`: the caller's devices, newest use first, with what is
 *   left of the month's removals
 * - `DELETE /devices/:deviceId` → `{message, data: OwnDevices}`: removes one of the caller's
 *   devices and ends its streams; 429 past `device_removals_per_month` in 30 days (Persian, with
 *   the day the next one is allowed); 404 not theirs
 *
 * Dashboard (`show-users`):
 * - `GET    /dashboard/users/:userId/devices` → `Item<UserDevice[]>` newest use first
 * - `DELETE /dashboard/users/:userId/devices` → `{message}`: removes every device of the user and
 *   ends their streams (audited; the buyer's own monthly removals are not spent)
 */

/** Request header carrying the browser profile's device key (a random key kept in localStorage). */
export const DEVICE_KEY_HEADER = 'x-device-key';

/** A device key: 22 to 64 characters of base64url (the browser makes 32 random bytes). */
export const DEVICE_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Why a playback or a media request is refused (issue 38): the `code` of a 409 {@link PlaybackRefusal}. */
export const PLAYBACK_REFUSAL_CODES = ['device_limit', 'stream_superseded'] as const;
export type PlaybackRefusalCode = (typeof PLAYBACK_REFUSAL_CODES)[number];

/** A device a buyer's lessons played on (issue 38 item 1). */
export interface UserDevice {
  id: number;
  /** Named from its user agent, e.g. «Chrome روی Windows». */
  name: string;
  /** First played on (ISO UTC). */
  created_at: string;
  /** Last given a lesson's media (ISO UTC). */
  last_used_at: string;
}

/** `GET /devices`: the caller's devices and what they may still remove this month. */
export interface OwnDevices {
  devices: UserDevice[];
  /** The site's limit of devices per account. */
  max_devices: number;
  /** Removals left in the last 30 days (0: none until `next_removal_at`). */
  removals_left: number;
  /** When the next removal is allowed (ISO UTC) when none is left, else null. */
  next_removal_at: string | null;
}

/**
 * The body of a refused playback or media request (409): a Persian message and its code; for
 * `device_limit` the account's devices and removals left, so the player's screen lists them.
 */
export interface PlaybackRefusal {
  message: string;
  code: PlaybackRefusalCode;
  devices?: OwnDevices;
}

/**
 * A lesson's playable URLs for this caller and device (issue 38): every URL carries one query
 * signed for the caller's credential, the stream and the session, and stops working at
 * `expires_at` (SIGNED_URL_TTL_SECONDS, an hour by default), or earlier when another stream of the
 * account takes over (a media request then answers 409 `stream_superseded`). A lesson longer than
 * the signature goes on by asking again with `stream_id` before `expires_at`; the player then sends
 * the new query on every media request (hls.js: rewritten in `xhrSetup`). The paths never change.
 */
export interface LessonPlayback {
  /** The HLS master playlist (360p and 720p video renditions, none above the source, and audio only). */
  hls_url: string;
  /** Persian WebVTT subtitles, or null. */
  subtitles_url: string | null;
  /** When the signed URLs stop working (ISO UTC). */
  expires_at: string;
  /** The stream these URLs belong to, to renew them; null for a free preview, which starts none. */
  stream_id: string | null;
}

/** Body of `POST /product-sessions/:sessionId/playback`. */
export interface PlaybackBody {
  /** The player's current stream, to sign it anew; absent to start a new one. */
  stream_id?: string;
}
