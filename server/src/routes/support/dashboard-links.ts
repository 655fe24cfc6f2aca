/**
 * Links and FAQ entries in the dashboard (SPEC §2 /dashboard/links, /add-link, /{editLinkId};
 * §3 "Link"; issue 8): list (by type), create, read, update and delete. Permission manage-links
 * (super passes). Routes delegate to modules/support/links-service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LINK_TYPES } from '@shop/contracts';
import { linkSchema as linkBodySchema, type LinkBody } from '@shop/validation';
import { routeId } from '../../lib/pagination';
import {
  idParamsSchema,
  itemSchema,
  messageItemSchema,
  messageSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
} from '../../lib/schemas';
import { linkSchema } from './schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { createLink, deleteLink, getLink, type LinkListQuery, listDashboardLinks, SUPPORT_MESSAGES, updateLink } from '../../modules/support';

const BASE = '/api/dashboard/links';
const tags = ['support'];
const errors = signedInErrorResponses;
const body = yupBody(linkBodySchema);
const writeAnswer = messageItemSchema(linkSchema);

const dashboardLinksRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-links') };

  /** GET /api/dashboard/links?type=: Paginated<Link>, newest first; 422 unknown type. */
  app.get<{ Querystring: LinkListQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'List links and FAQ entries',
        querystring: {
          type: 'object',
          properties: {
            ...pageQueryProperties,
            type: { type: 'string', enum: [...LINK_TYPES] },
          },
        },
        response: { 200: paginatedSchema(linkSchema), ...errors },
      },
      ...guard,
    },
    (request) => listDashboardLinks(app.db, request.query),
  );

  /** POST /api/dashboard/links LinkInput: 201 {message, data: Link}; 422 unknown type, empty title, a `link` whose text is no http(s) URL or path. */
  app.post<{ Body: LinkBody }>(
    BASE,
    {
      schema: { tags, summary: 'Add a link or FAQ entry', body: body.jsonSchema, response: { 201: writeAnswer, ...errors } },
      ...guard,
      preValidation: body.preValidation,
      validatorCompiler: body.validatorCompiler,
    },
    async (request, reply) => reply.code(201).send({ message: SUPPORT_MESSAGES.linkCreated, data: await createLink(app.db, request.body, await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/links/:id: {data: Link}; 404 unknown. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'A link or FAQ entry', params: idParamsSchema, response: { 200: itemSchema(linkSchema), ...errors } },
      ...guard,
    },
    async (request) => ({ data: await getLink(app.db, routeId(request.params.id)) }),
  );

  /** PUT /api/dashboard/links/:id LinkInput: {message, data: Link}; 404 unknown; 422 as for POST. */
  app.put<{ Params: { id: string }; Body: LinkBody }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a link or FAQ entry',
        params: idParamsSchema,
        body: body.jsonSchema,
        response: { 200: writeAnswer, ...errors },
      },
      ...guard,
      preValidation: body.preValidation,
      validatorCompiler: body.validatorCompiler,
    },
    async (request) => ({ message: SUPPORT_MESSAGES.linkUpdated, data: await updateLink(app.db, routeId(request.params.id), request.body, await auditContextOf(request)) }),
  );

  /** DELETE /api/dashboard/links/:id: {message}; 404 unknown. */
  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Delete a link or FAQ entry', params: idParamsSchema, response: { 200: messageSchema, ...errors } },
      ...guard,
    },
    async (request) => {
      await deleteLink(app.db, routeId(request.params.id), await auditContextOf(request));
      return { message: SUPPORT_MESSAGES.linkDeleted };
    },
  );
};

export default dashboardLinksRoutes;
