/**
 * Remotes' releases (issue 35): publish a remote's build as a version, promote it, roll back, run
 * and end a canary, and where each remote stands. Called by the release commands with the deploy
 * token (`X-Deploy-Token`, no XSRF pair: `config.deployToken`) and by super users through their
 * session (403 for staff). Routes declare schemas and delegate to modules/releases.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CanaryReleaseBody, PromoteReleaseBody } from '@shop/contracts';
import { ApiError } from '../../lib/api-error';
import { errorBodySchema, itemSchema } from '../../lib/schemas';
import {
  endCanary,
  promoteRelease,
  publishRelease,
  RELEASE_TARBALL_MAX_BYTES,
  releaseStatus,
  releaseStatuses,
  RELEASES_MESSAGES,
  rollbackRelease,
  startCanary,
} from '../../modules/releases';
import { releaseActorOf, requireSuperOrDeployToken } from '../../plugins/app/auth';
import { remoteReleaseSchema, remoteReleaseStatusSchema } from './schemas';
import { errors, knownRemote, RELEASES_PATH as BASE, remoteOf, remoteParams, statusAnswer, tags, versionProperty, type RemoteParams } from './route-parts';

/** `x.y.z` without a prerelease or build part: the version is `<this>+<hash>`, a storage key's part. */
const PACKAGE_VERSION = '^(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})$';

const deployTokenHeaders = {
  type: 'object',
  properties: {
    'x-deploy-token': { type: 'string', maxLength: 200, description: 'The deploy token (DEPLOY_TOKEN, else <DATA_DIR>/deploy-token): the only credential read when sent' },
  },
} as const;
const byProperty = {
  by: { type: 'string', minLength: 1, maxLength: 100, description: 'Who runs the command, with the deploy token: the audit log says «توکن انتشار (<by>)»' },
} as const;
const byQuery = { type: 'object', properties: byProperty } as const;

type ByQuery = { by?: string };


const dashboardReleasesRoutes: FastifyPluginAsync = async (app) => {
  // The tarball of a release, for these routes only (the app's other routes take JSON or forms).
  app.addContentTypeParser(['application/gzip', 'application/x-gzip'], { parseAs: 'buffer', bodyLimit: RELEASE_TARBALL_MAX_BYTES }, (_request, body, done) => done(null, body));
  const guard = { onRequest: [requireSuperOrDeployToken] };
  const remoteGuard = { onRequest: [requireSuperOrDeployToken, knownRemote], config: { deployToken: true } };

  /** GET /api/dashboard/releases (item 5): `{ data: RemoteReleaseStatus[] }`, every remote of REMOTE_NAMES in that order. */
  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "Each remote's releases, active version and canary",
        headers: deployTokenHeaders,
        response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: remoteReleaseStatusSchema } } }, ...errors },
      },
      ...guard,
      config: { deployToken: true },
    },
    async (request) => ({ data: await releaseStatuses(app.db, (await releaseActorOf(request)).actorId) }),
  );

  /**
   * POST /api/dashboard/releases/:remote (item 1): body a tar.gz (`application/gzip`, ≤ 100 MB) of
   * the remote's `dist`, files at its root → 201 `{ data: RemoteRelease }`, not active. 409 the same
   * build again; 422 an unsafe, incomplete or unreadable tarball, or one the running shell does not
   * accept (item 4, naming both versions); 413 too large; 415 another body.
   */
  app.post<{ Params: RemoteParams; Querystring: ByQuery & { package_version: string; commit?: string }; Body: unknown }>(
    `${BASE}/:remote`,
    {
      schema: {
        tags,
        summary: "Publish a remote's build as a version (not made active)",
        description: "The body is a tar.gz (Content-Type: application/gzip, at most 100 MB) of the remote's `dist` folder, its files at the tar's root.",
        params: remoteParams,
        headers: deployTokenHeaders,
        querystring: {
          type: 'object',
          required: ['package_version'],
          properties: {
            package_version: { type: 'string', maxLength: 32, pattern: PACKAGE_VERSION, description: "The remote's package version, x.y.z" },
            commit: { type: 'string', pattern: '^[0-9a-fA-F]{7,40}$', description: 'The commit it was built from' },
            ...byProperty,
          },
        },
        response: { 201: itemSchema(remoteReleaseSchema), ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
      ...remoteGuard,
    },
    async (request, reply) => {
      const remote = remoteOf(request);
      if (!Buffer.isBuffer(request.body)) throw new ApiError(415, RELEASES_MESSAGES.bodyNotTarball);
      const { package_version: packageVersion, commit, by } = request.query;
      const input = {
        remote,
        tarball: request.body,
        packageVersion,
        commit: commit?.toLowerCase() ?? null,
        shellDist: app.settings.shellDist,
        kept: app.settings.releasesKept,
      };
      const onPruneError = (error: unknown) => request.log.error({ err: error, remote }, 'pruning old releases failed; the release stands');
      const release = await publishRelease(app.db, app.storage, input, await releaseActorOf(request, by), onPruneError);
      return reply.code(201).send({ data: release });
    },
  );

  /** POST /api/dashboard/releases/:remote/promote `{ version }` (item 2): the status; 404 unknown version, 422 pruned, 409 already active. */
  app.post<{ Params: RemoteParams; Querystring: ByQuery; Body: PromoteReleaseBody }>(
    `${BASE}/:remote/promote`,
    {
      schema: {
        tags,
        summary: 'Make a version the one every visitor gets',
        params: remoteParams,
        headers: deployTokenHeaders,
        querystring: byQuery,
        body: { type: 'object', required: ['version'], properties: versionProperty },
        response: { 200: statusAnswer, ...errors },
      },
      ...remoteGuard,
    },
    async (request) => ({ data: await promoteRelease(app.db, remoteOf(request), request.body.version, await releaseActorOf(request, request.query.by)) }),
  );

  /** POST /api/dashboard/releases/:remote/rollback (item 2): the status, the version active before (or the build) active again; 422 nothing to roll back to. */
  app.post<{ Params: RemoteParams; Querystring: ByQuery }>(
    `${BASE}/:remote/rollback`,
    {
      schema: { tags, summary: 'Go back to the version active before', params: remoteParams, headers: deployTokenHeaders, querystring: byQuery, response: { 200: statusAnswer, ...errors } },
      ...remoteGuard,
    },
    async (request) => ({ data: await rollbackRelease(app.db, remoteOf(request), await releaseActorOf(request, request.query.by)) }),
  );

  /** POST /api/dashboard/releases/:remote/canary `{ version, share }` (item 3, share 1..99 percent): the status; 404 unknown version, 422 pruned or active. */
  app.post<{ Params: RemoteParams; Querystring: ByQuery; Body: CanaryReleaseBody }>(
    `${BASE}/:remote/canary`,
    {
      schema: {
        tags,
        summary: 'Serve a version to a share of visitors',
        params: remoteParams,
        headers: deployTokenHeaders,
        querystring: byQuery,
        body: {
          type: 'object',
          required: ['version', 'share'],
          properties: {
            ...versionProperty,
            share: { type: 'integer', minimum: 1, maximum: 99, description: 'Percent of visitors' },
          },
        },
        response: { 200: statusAnswer, ...errors },
      },
      ...remoteGuard,
    },
    async (request) => {
      const { version, share } = request.body;
      return { data: await startCanary(app.db, remoteOf(request), version, share, await releaseActorOf(request, request.query.by)) };
    },
  );

  /** DELETE /api/dashboard/releases/:remote/canary: the status, the canary ended; 404 when none runs. */
  app.delete<{ Params: RemoteParams; Querystring: ByQuery }>(
    `${BASE}/:remote/canary`,
    {
      schema: { tags, summary: "End a remote's canary", params: remoteParams, headers: deployTokenHeaders, querystring: byQuery, response: { 200: statusAnswer, ...errors } },
      ...remoteGuard,
    },
    async (request) => ({ data: await endCanary(app.db, remoteOf(request), await releaseActorOf(request, request.query.by)) }),
  );

  /** GET /api/dashboard/releases/:remote: one remote's `{ data: RemoteReleaseStatus }`. */
  app.get<{ Params: RemoteParams }>(
    `${BASE}/:remote`,
    { schema: { tags, summary: "One remote's releases, active version and canary", params: remoteParams, headers: deployTokenHeaders, response: { 200: statusAnswer, ...errors } }, ...remoteGuard },
    async (request) => ({ data: await releaseStatus(app.db, remoteOf(request), (await releaseActorOf(request)).actorId) }),
  );
};

export default dashboardReleasesRoutes;
