/**
 * Identifications of leaked lesson copies and revocation from them (issue 38 items 3 and 4;
 * modules/forensics): start one from an uploaded copy, list a session's, read one, revoke the named
 * account's access. Permission manage-product-sessions (super passes); revocation needs
 * manage-refunds as well. Shapes: `@shop/contracts` forensics.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { hasPermission, type ForensicIdentificationRequest } from '@shop/contracts';
import { forensicRevocationSchema, type ForensicRevocationInput } from '@shop/validation';
import { forbidden } from '../../lib/api-error';
import { routeId } from '../../lib/pagination';
import { yupBody } from '../../lib/yup-body';
import { date, int, itemSchema, nullableStr, paginatedSchema, pageQueryProperties, str, signedInErrorResponses, errorBodySchema } from '../../lib/schemas';
import { auditContextOf, requireAuth, requirePermission } from '../../plugins/app/auth';
import { FORENSICS_MESSAGES, getIdentification, listIdentifications, revokeFromIdentification, startIdentification } from '../../modules/forensics';

const BASE = '/api/dashboard/forensic-identifications';
const tags = ['commerce'];
const nullableNumber = { type: ['number', 'null'] } as const;
const person = { type: 'object', required: ['id', 'full_name'], properties: { id: int, full_name: str } } as const;

/** ForensicEvidence of contracts/forensics.ts. */
const evidenceSchema = {
  type: ['object', 'null'],
  required: ['start_seconds', 'seconds_compared', 'crop', 'crop_correlation', 'segments_used', 'candidates', 'best_score', 'runner_up_score', 'false_name_bound'],
  properties: {
    start_seconds: { type: 'number' },
    seconds_compared: { type: 'number' },
    crop: {
      type: 'object',
      required: ['x', 'y', 'width', 'height'],
      properties: { x: { type: 'number' }, y: { type: 'number' }, width: { type: 'number' }, height: { type: 'number' } },
    },
    crop_correlation: { type: 'number' },
    segments_used: int,
    candidates: int,
    best_score: { type: 'number' },
    runner_up_score: { type: 'number' },
    false_name_bound: { type: 'number' },
  },
} as const;

/** ForensicIdentification of contracts/forensics.ts. */
const identificationSchema = {
  type: 'object',
  required: [
    'id', 'session_id', 'session_title', 'product_id', 'product_title', 'file_name', 'file_size', 'status', 'progress', 'verdict', 'reason', 'user',
    'confidence', 'false_name_probability', 'evidence', 'error', 'created_by', 'created_at', 'finished_at', 'revocation',
  ],
  properties: {
    id: int,
    session_id: int,
    session_title: str,
    product_id: int,
    product_title: str,
    file_name: str,
    file_size: int,
    status: { type: 'string', enum: ['queued', 'processing', 'done', 'failed'] },
    progress: int,
    verdict: { type: ['string', 'null'], enum: ['identified', 'cannot-say', null] },
    reason: { type: ['string', 'null'], enum: ['not-this-lesson', 'too-little-evidence', 'not-marked', null] },
    user: { type: ['object', 'null'], required: ['id', 'full_name', 'email'], properties: { id: int, full_name: str, email: str } },
    confidence: nullableNumber,
    false_name_probability: nullableNumber,
    evidence: evidenceSchema,
    error: nullableStr,
    created_by: person,
    created_at: date,
    finished_at: { type: ['string', 'null'], format: 'date-time' },
    revocation: {
      type: ['object', 'null'],
      required: ['revoked_at', 'revoked_by', 'reason', 'grants_ended'],
      properties: { revoked_at: date, revoked_by: person, reason: str, grants_ended: int },
    },
  },
} as const;

const dashboardForensicIdentificationsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-product-sessions') };

  /**
   * POST /api/dashboard/forensic-identifications `{session_id, upload_id}` (issue 38 item 3): queues
   * the identification of the caller's finished upload against the session's lesson; 202
   * `{message, data: ForensicIdentification}` (`queued`); 422 `{session_id}` no such session or no
   * ready video lesson, 422 `{upload_id}` not a finished upload of the caller for that session.
   */
  app.post<{ Body: ForensicIdentificationRequest }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'Identify the account a leaked lesson copy came from',
        description: 'upload_id: the id of a finished tus upload of the caller to /api/forensic-uploads for session_id. The comparison runs in the background: poll GET …/:id. 422 on session_id or upload_id.',
        body: {
          type: 'object',
          required: ['session_id', 'upload_id'],
          properties: { session_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, upload_id: { type: 'string', maxLength: 64 } },
        },
        response: { 202: { type: 'object', required: ['message', 'data'], properties: { message: str, data: identificationSchema } }, ...signedInErrorResponses },
      },
      ...guard,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const data = await startIdentification(app, request.body.session_id, request.body.upload_id, user.id);
      return reply.code(202).send({ message: FORENSICS_MESSAGES.identificationQueued, data });
    },
  );

  /** GET /api/dashboard/forensic-identifications?session_id=&page=&per_page=: Paginated<ForensicIdentification>, newest first. */
  app.get<{ Querystring: { session_id?: number; page?: number; per_page?: number } }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'Identifications of leaked lesson copies',
        querystring: { type: 'object', properties: { ...pageQueryProperties, session_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
        response: { 200: paginatedSchema(identificationSchema), ...signedInErrorResponses },
      },
      ...guard,
    },
    (request) => listIdentifications(app.db, request.query),
  );

  /** GET /api/dashboard/forensic-identifications/:id: {data: ForensicIdentification}; 404 unknown. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'One identification of a leaked lesson copy', params: { type: 'object', properties: { id: str } }, response: { 200: itemSchema(identificationSchema), ...signedInErrorResponses } },
      ...guard,
    },
    async (request) => ({ data: await getIdentification(app.db, routeId(request.params.id)) }),
  );

  /**
   * POST /api/dashboard/forensic-identifications/:id/revocation `{reason}` (issue 38 item 4; needs
   * manage-refunds too): ends the named account's grants of the course for good, stops its streams,
   * audits the evidence and mails the buyer; 200 `{message, data}` with `revocation` set; 422
   * `{reason}` not 3–500 characters; 409 named nobody or revoked already; 404 unknown.
   */
  const revocationBody = yupBody(forensicRevocationSchema);
  app.post<{ Params: { id: string }; Body: ForensicRevocationInput }>(
    `${BASE}/:id/revocation`,
    {
      schema: {
        tags,
        summary: "Revoke the identified account's access to the course",
        description: 'reason: 3–500 characters, quoted in the mail to the buyer. Needs manage-refunds as well as manage-product-sessions. 409 when the identification named nobody or was revoked already.',
        params: { type: 'object', properties: { id: str } },
        body: revocationBody.jsonSchema,
        response: { 200: { type: 'object', required: ['message', 'data'], properties: { message: str, data: identificationSchema } }, 409: errorBodySchema, ...signedInErrorResponses },
      },
      ...guard,
      preValidation: revocationBody.preValidation,
      validatorCompiler: revocationBody.validatorCompiler,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      if (!hasPermission(user, 'manage-refunds')) throw forbidden();
      const id = routeId(request.params.id);
      const data = await revokeFromIdentification(app, id, request.body.reason, await auditContextOf(request));
      return { message: FORENSICS_MESSAGES.revoked, data };
    },
  );
};

export default dashboardForensicIdentificationsRoutes;
