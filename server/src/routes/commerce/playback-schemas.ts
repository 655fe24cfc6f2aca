/**
 * Response schemas of a lesson's playback (issue 38, contracts' playback.ts): its signed URLs, the
 * devices, and the 409 refusal with its code.
 */
import { PLAYBACK_REFUSAL_CODES } from '@shop/contracts';
import { date, int, nullableStr, str } from '../../lib/schemas';

/** UserDevice of playback.ts. */
export const userDeviceSchema = {
  type: 'object',
  required: ['id', 'name', 'created_at', 'last_used_at'],
  properties: { id: int, name: str, created_at: date, last_used_at: date },
} as const;

/** OwnDevices of playback.ts. */
export const ownDevicesSchema = {
  type: 'object',
  required: ['devices', 'max_devices', 'removals_left', 'next_removal_at'],
  properties: {
    devices: { type: 'array', items: userDeviceSchema },
    max_devices: int,
    removals_left: int,
    next_removal_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** PlaybackRefusal of playback.ts: 409 with a Persian message, its code and, for `device_limit`, the devices. */
export const playbackRefusalSchema = {
  type: 'object',
  required: ['message', 'code'],
  properties: { message: str, code: { type: 'string', enum: [...PLAYBACK_REFUSAL_CODES] }, devices: ownDevicesSchema },
} as const;

/** LessonPlayback of playback.ts. */
export const lessonPlaybackSchema = {
  type: 'object',
  required: ['hls_url', 'subtitles_url', 'expires_at', 'stream_id'],
  properties: { hls_url: str, subtitles_url: nullableStr, expires_at: date, stream_id: nullableStr },
} as const;
