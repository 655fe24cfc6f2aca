/**
 * Dashboard permissions (SPEC §2 /dashboard/permissions, /add-permission, /{editPermissionId};
 * §3 "Permission"; §6; issue 7): list, create, rename and delete permission names, and assign or
 * remove staff holders. Permission manage-permissions (super passes). Routes declare schemas and
 * delegate to modules/users/permissions-service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { permissionSchema, permissionUserSchema, type PermissionInput } from '@shop/validation';
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
import { permissionDetailSchema } from './schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import {
  assignPermission,
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  type PermissionListQuery,
  renamePermission,
  unassignPermission,
  USERS_MESSAGES,
} from '../../modules/users';

const BASE = '/api/dashboard/permissions';
const tags = ['users'];
const errors = signedInErrorResponses;
const holderParams = { type: 'object', properties: { id: { type: 'string' }, userId: { type: 'string' } } } as const;
const nameBody = yupBody(permissionSchema);
const holderBody = yupBody(permissionUserSchema);
const detailAnswer = messageItemSchema(permissionDetailSchema);

const dashboardPermissionsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-permissions') };

  /** GET /api/dashboard/permissions: Paginated<PermissionDetail> in id order (`q` in the name). */
  app.get<{ Querystring: PermissionListQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'List permissions with their holders',
        querystring: {
          type: 'object',
          properties: {
            ...pageQueryProperties,
            q: { type: 'string', maxLength: 100, description: 'Searched in the name.' },
          },
        },
        response: { 200: paginatedSchema(permissionDetailSchema), ...errors },
      },
      ...guard,
    },
    (request) => listPermissions(app.db, request.query),
  );

  /** POST /api/dashboard/permissions `{name}`: 201 {message, data: PermissionDetail}; 422 shape or `permissionTaken`. */
  app.post<{ Body: PermissionInput }>(
    BASE,
    {
      schema: { tags, summary: 'Add a permission', body: nameBody.jsonSchema, response: { 201: detailAnswer, ...errors } },
      ...guard,
      preValidation: nameBody.preValidation,
      validatorCompiler: nameBody.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({ message: USERS_MESSAGES.permissionCreated, data: await createPermission(app.db, request.body.name, await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/permissions/:id: {data: PermissionDetail}; 404 unknown. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'A permission with its holders',
        params: idParamsSchema,
        response: { 200: itemSchema(permissionDetailSchema), ...errors },
      },
      ...guard,
    },
    async (request) => ({ data: await getPermission(app.db, routeId(request.params.id)) }),
  );

  /** PUT /api/dashboard/permissions/:id `{name}`: {message, data}; 422 `permissionBuiltin` (catalogue name) or taken. */
  app.put<{ Params: { id: string }; Body: PermissionInput }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename a permission',
        params: idParamsSchema,
        body: nameBody.jsonSchema,
        response: { 200: detailAnswer, ...errors },
      },
      ...guard,
      preValidation: nameBody.preValidation,
      validatorCompiler: nameBody.validatorCompiler,
    },
    async (request) => {
      const id = routeId(request.params.id);
      return { message: USERS_MESSAGES.permissionUpdated, data: await renamePermission(app.db, id, request.body.name, await auditContextOf(request)) };
    },
  );

  /** DELETE /api/dashboard/permissions/:id: {message}; holders lose it; 422 `permissionBuiltin` for a catalogue name. */
  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Delete a permission', params: idParamsSchema, response: { 200: messageSchema, ...errors } },
      ...guard,
    },
    async (request) => {
      await deletePermission(app.db, routeId(request.params.id), await auditContextOf(request));
      return { message: USERS_MESSAGES.permissionDeleted };
    },
  );

  /** POST /api/dashboard/permissions/:id/users `{user_id}`: {message, data}; idempotent; 422 unknown or non-staff user. */
  app.post<{ Params: { id: string }; Body: { user_id: number } }>(
    `${BASE}/:id/users`,
    {
      schema: {
        tags,
        summary: 'Give a permission to a staff user',
        params: idParamsSchema,
        body: holderBody.jsonSchema,
        response: { 200: detailAnswer, ...errors },
      },
      ...guard,
      preValidation: holderBody.preValidation,
      validatorCompiler: holderBody.validatorCompiler,
    },
    async (request) => {
      const id = routeId(request.params.id);
      return { message: USERS_MESSAGES.permissionAssigned, data: await assignPermission(app.db, id, request.body.user_id, await auditContextOf(request)) };
    },
  );

  /** DELETE /api/dashboard/permissions/:id/users/:userId: {message, data}; idempotent; 404 unknown permission. */
  app.delete<{ Params: { id: string; userId: string } }>(
    `${BASE}/:id/users/:userId`,
    {
      schema: {
        tags,
        summary: 'Take a permission from a user',
        params: holderParams,
        response: { 200: detailAnswer, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const id = routeId(request.params.id);
      const userId = routeId(request.params.userId);
      return { message: USERS_MESSAGES.permissionUnassigned, data: await unassignPermission(app.db, id, userId, await auditContextOf(request)) };
    },
  );
};

export default dashboardPermissionsRoutes;
