/**
 * A super user's preview of a kept version of a remote for themselves (issue 35 item 3): their pages
 * get it, whatever visitors get, for RELEASE_PREVIEW_HOURS. Their session alone, never the deploy
 * token: it is their own pages. Routes declare schemas and delegate to modules/releases.
 */
import type { FastifyPluginAsync } from 'fastify';
import { RELEASE_PREVIEW_HOURS, SUPER_ONLY, type PreviewReleaseBody } from '@shop/contracts';
import { endPreview, previewsOf, startPreview } from '../../modules/releases';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { PREVIEW_COOKIE } from '../../plugins/app/page-releases';
import { errors, knownRemote, RELEASES_PATH as BASE, remoteOf, remoteParams, statusAnswer, tags, versionProperty, type RemoteParams } from './route-parts';

const releasePreviewRoutes: FastifyPluginAsync = async (app) => {
  const previewGuard = { onRequest: [requirePermission(SUPER_ONLY), knownRemote] };
  const previewCookie = { path: '/', httpOnly: true, sameSite: 'lax', secure: app.settings.cookieSecure } as const;

  /**
   * PUT /api/dashboard/releases/:remote/preview `{ version }` (item 3): the caller alone gets that
   * kept version of the remote on every page for {@link RELEASE_PREVIEW_HOURS} hours (a cookie tells
   * the page server to look); the status. 404 unknown version, 422 pruned.
   */
  app.put<{ Params: RemoteParams; Body: PreviewReleaseBody }>(
    `${BASE}/:remote/preview`,
    {
      schema: {
        tags,
        summary: 'Preview a kept version of a remote for yourself',
        params: remoteParams,
        body: { type: 'object', required: ['version'], properties: versionProperty },
        response: { 200: statusAnswer, ...errors },
      },
      ...previewGuard,
    },
    async (request, reply) => {
      const status = await startPreview(app.db, remoteOf(request), request.body.version, await auditContextOf(request));
      reply.setCookie(PREVIEW_COOKIE, '1', { ...previewCookie, maxAge: RELEASE_PREVIEW_HOURS * 60 * 60 });
      return { data: status };
    },
  );

  /** DELETE /api/dashboard/releases/:remote/preview: the caller's preview of the remote ended; the status. 404 when there is none. */
  app.delete<{ Params: RemoteParams }>(
    `${BASE}/:remote/preview`,
    { schema: { tags, summary: 'End your preview of a remote', params: remoteParams, response: { 200: statusAnswer, ...errors } }, ...previewGuard },
    async (request, reply) => {
      const audit = await auditContextOf(request);
      const status = await endPreview(app.db, remoteOf(request), audit);
      if (Object.keys(await previewsOf(app.db, audit.actorId)).length === 0) reply.clearCookie(PREVIEW_COOKIE, previewCookie);
      return { data: status };
    },
  );
};

export default releasePreviewRoutes;
