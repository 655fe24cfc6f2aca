/**
 * A lesson's playback (issue 38 items 1 and 2): its signed URLs for this device and a stream, the
 * buyer's own devices and their removal, and staff's view and reset of a user's devices
 * (permission show-users, audited). Routes delegate to modules/commerce (lesson-playback.ts,
 * playback-devices.ts) and end streams through `app.streams`.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { DEVICE_KEY_HEADER, type PlaybackBody } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { errorBodySchema, itemSchema, messageSchema, signedInErrorResponses, str } from '../../lib/schemas';
import { auditContextOf, requireAuth, requirePermission, requireUser } from '../../plugins/app/auth';
import {
  listOwnDevices,
  listUserDevices,
  PLAYBACK_MESSAGES,
  type PlaybackLimits,
  removeOwnDevice,
  resetUserDevices,
  startLessonPlayback,
  STREAM_ID_PATTERN,
} from '../../modules/commerce';
import { getSiteInformation } from '../../modules/support';
import { getUserById } from '../../modules/users';
import { lessonPlaybackSchema, ownDevicesSchema, playbackRefusalSchema, userDeviceSchema } from './playback-schemas';

const errors = signedInErrorResponses;

/** The id in a path, or 404. */
const idOf = (text: string): number => {
  const id = parseId(text);
  if (id === null) throw notFound();
  return id;
};

/** The site's playback limits (site_settings; issue 38). */
async function limitsOf(app: FastifyInstance): Promise<PlaybackLimits> {
  const site = await getSiteInformation(app.db);
  return { maxDevices: site.max_devices, removalsPerMonth: site.device_removals_per_month, maxStreams: site.max_concurrent_streams };
}

const lessonPlaybackRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/product-sessions/:sessionId/playback `{stream_id?}` with `X-Device-Key`:
   * `{data: LessonPlayback}`; 409 `device_limit` (with the devices) or `stream_superseded`; 422 on
   * `device_key` or `stream_id`; 404 without a ready lesson; 403 may not view; 423 not open yet.
   */
  app.post<{ Params: { sessionId: string }; Body: PlaybackBody | undefined; Headers: { [DEVICE_KEY_HEADER]?: string } }>(
    '/api/product-sessions/:sessionId/playback',
    {
      onRequest: requireUser,
      schema: {
        tags: ['commerce'],
        summary: "A lesson's playable URLs for this device, starting (or renewing) a stream",
        description:
          'X-Device-Key: the browser profile\'s random key (22–64 base64url characters, kept in localStorage); needed for a paid lesson, whose device must be known or within the site\'s max_devices. Without stream_id a new stream starts and takes over the account\'s oldest beyond max_concurrent_streams; with the player\'s own stream_id its URLs are signed anew while it is current. A free preview needs no key and starts no stream.',
        params: { type: 'object', properties: { sessionId: { type: 'string' } } },
        headers: { type: 'object', properties: { [DEVICE_KEY_HEADER]: { type: 'string', maxLength: 100 } } },
        body: { type: ['object', 'null'], properties: { stream_id: { type: 'string', maxLength: 40, pattern: STREAM_ID_PATTERN.source } } },
        response: { 200: itemSchema(lessonPlaybackSchema), 409: playbackRefusalSchema, 423: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { user, token } = await requireAuth(request);
      const sessionId = idOf(request.params.sessionId);
      const playback = await startLessonPlayback(
        app.db,
        app.streams,
        user,
        sessionId,
        { deviceKey: request.headers[DEVICE_KEY_HEADER], userAgent: request.headers['user-agent'], credential: token, streamId: request.body?.stream_id },
        { signing: { appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds }, limits: await limitsOf(app) },
      );
      return { data: playback };
    },
  );

  /** GET /api/devices: `{data: OwnDevices}`, the caller's devices, last used first, and the removals left. */
  app.get(
    '/api/devices',
    {
      onRequest: requireUser,
      schema: { tags: ['commerce'], summary: 'My devices that play lessons, and the removals left this month', response: { 200: itemSchema(ownDevicesSchema), ...errors } },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await listOwnDevices(app.db, user.id, await limitsOf(app)) };
    },
  );

  /** DELETE /api/devices/:deviceId: `{message, data: OwnDevices}`; its streams stop; 429 past the month's removals; 404 not the caller's. */
  app.delete<{ Params: { deviceId: string } }>(
    '/api/devices/:deviceId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['commerce'],
        summary: 'Remove one of my devices (a few times in 30 days)',
        params: { type: 'object', properties: { deviceId: { type: 'string' } } },
        response: { 200: { type: 'object', required: ['message', 'data'], properties: { message: str, data: ownDevicesSchema } }, 429: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const deviceId = idOf(request.params.deviceId);
      const devices = await removeOwnDevice(app.db, user.id, deviceId, await limitsOf(app));
      await app.streams.endDevice(user.id, deviceId);
      return { message: PLAYBACK_MESSAGES.deviceRemoved, data: devices };
    },
  );

  const staff = { onRequest: requirePermission('show-users') };
  const userParams = { type: 'object', properties: { userId: { type: 'string' } } } as const;
  /** The user of the path, or 404. */
  const userOf = async (text: string) => {
    const user = await getUserById(app.db, idOf(text));
    if (!user) throw notFound();
    return user;
  };

  /** GET /api/dashboard/users/:userId/devices (show-users): `{data: UserDevice[]}`, last used first; 404 unknown user. */
  app.get<{ Params: { userId: string } }>(
    '/api/dashboard/users/:userId/devices',
    {
      ...staff,
      schema: {
        tags: ['users'],
        summary: "A user's devices that play lessons",
        params: userParams,
        response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: userDeviceSchema } } }, ...errors },
      },
    },
    async (request) => {
      const user = await userOf(request.params.userId);
      return { data: await listUserDevices(app.db, user.id) };
    },
  );

  /** DELETE /api/dashboard/users/:userId/devices (show-users): `{message}`; every device removed (audited) and every stream stopped; 404 unknown user. */
  app.delete<{ Params: { userId: string } }>(
    '/api/dashboard/users/:userId/devices',
    {
      ...staff,
      schema: { tags: ['users'], summary: "Reset a user's devices and stop their streams", params: userParams, response: { 200: messageSchema, ...errors } },
    },
    async (request) => {
      const user = await userOf(request.params.userId);
      await resetUserDevices(app.db, user.id, await auditContextOf(request));
      await app.streams.endUser(user.id);
      return { message: PLAYBACK_MESSAGES.devicesReset };
    },
  );
};

export default lessonPlaybackRoutes;
