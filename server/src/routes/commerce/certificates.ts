/**
 * Certificates of finished courses (issue 24): the public check of one by its code, and the
 * signed-in user's own (their profile).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { certificateSchema } from './schemas';
import { commonErrorResponses, itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { getCertificate, listCertificates } from '../../modules/commerce';

const certificatesRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/certificates/:code: `{data: Certificate}` for anyone, revoked or not; 404 unknown. */
  app.get<{ Params: { code: string } }>(
    '/api/certificates/:code',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['commerce'],
        summary: "Check a course's certificate by its code",
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
        response: { 200: itemSchema(certificateSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const certificate = await getCertificate(app.db, request.params.code);
      if (!certificate) throw notFound();
      return { data: certificate };
    },
  );

  /** GET /api/profile/certificates: `{data: Certificate[]}` of the signed-in user, newest first; 401 visitor. */
  app.get(
    '/api/profile/certificates',
    {
      onRequest: requireUser,
      schema: {
        tags: ['commerce'],
        summary: "The signed-in user's certificates",
        response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: certificateSchema } } }, ...signedInErrorResponses },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await listCertificates(app.db, user.id) };
    },
  );
};

export default certificatesRoutes;
