/**
 * A browser's report that a remote's released version failed to load (issue 35 item 4): the shell's
 * federation runtime sends it from `errorLoadRemote` for a remote loaded from
 * `/remotes/<name>/releases/<version>/`. Weighed against the canary's page views; a canary whose
 * errors pass the set share is rolled back by the server (modules/releases/canary-health.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { REMOTE_NAMES, type LoadErrorReport } from '@shop/contracts';
import { commonErrorResponses } from '../../lib/schemas';
import { reportLoadError } from '../../modules/releases';

const loadErrorsRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/releases/load-errors `{ remote, version }` (a `LoadErrorReport`): 204 always once the
   * report is well formed (one for a version that is no canary is left out); 422 field errors
   * otherwise. Public and without the XSRF pair: a visitor's browser sends it as a beacon.
   */
  app.post<{ Body: LoadErrorReport }>(
    '/api/releases/load-errors',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['releases'],
        summary: "A browser's report that a released remote failed to load",
        body: {
          type: 'object',
          required: ['remote', 'version'],
          additionalProperties: false,
          properties: {
            remote: { type: 'string', enum: [...REMOTE_NAMES] },
            version: { type: 'string', pattern: '^\\d{1,9}\\.\\d{1,9}\\.\\d{1,9}\\+[0-9a-f]{7,40}$' },
          },
        },
        response: { 204: { type: 'null', description: 'Counted, or left out' }, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      await reportLoadError(app.db, request.body.remote, request.body.version, request.ip);
      return reply.code(204).send();
    },
  );
};

export default loadErrorsRoutes;
