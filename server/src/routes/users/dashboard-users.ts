/**
 * Dashboard users (SPEC §2 /dashboard/users, /add-user, /{editUserId} and the two restricted
 * lists; §4; §6: permission show-users, super passes; issue 7): list with search and filters,
 * create, read, edit, delete and the comment restriction; the list as a CSV file (issue 26). Routes
 * declare schemas and delegate to modules/users/users-service.ts, where the rules live.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  commentRestrictionSchema,
  dashboardUserCreateSchema,
  dashboardUserUpdateSchema,
  USER_STATUSES,
  WRITE_COMMENT_STATUSES,
  type CommentRestrictionInput,
  type DashboardUserCreateInput,
  type DashboardUserUpdateInput,
} from '@shop/validation';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { MESSAGES } from '../../lib/messages';
import { routeId } from '../../lib/pagination';
import {
  errorBodySchema,
  itemSchema,
  messageItemSchema,
  messageSchema,
  paginatedSchema,
  signedInErrorResponses,
  userSchema,
  pageQueryProperties,
} from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requireAuth, requirePermission } from '../../plugins/app/auth';
import { hasPaidOrders } from '../../modules/commerce';
import {
  createDashboardUser,
  deleteDashboardUser,
  getDashboardUser,
  listUsers,
  setCommentRestriction,
  updateDashboardUser,
  USER_SORT_VALUES,
  type UserListQuery,
  USERS_MESSAGES,
  usersCsv,
} from '../../modules/users';

const BASE = '/api/dashboard/users';
const tags = ['users'];
const errors = signedInErrorResponses;
const params = { type: 'object', properties: { id: { type: 'string' } } } as const;
const createBody = yupBody(dashboardUserCreateSchema);
const updateBody = yupBody(dashboardUserUpdateSchema);
const restrictionBody = yupBody(commentRestrictionSchema);
/** Filters and sort of the users list, taken by its export too. */
const userFilters = {
  q: { type: 'string', maxLength: 200, description: 'Searched in full name, email and any part of the mobile.' },
  sort: { type: 'string', enum: USER_SORT_VALUES, default: '-created_at' },
  status: { type: 'string', enum: [...USER_STATUSES] },
  verified: { type: 'string', enum: ['yes', 'no'] },
  write_comment_status: {
    type: 'string',
    enum: [...WRITE_COMMENT_STATUSES],
    description: 'The status in force: a temporary bar that has ended counts as allowed.',
  },
} as const;

const dashboardUsersRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('show-users') };

  /**
   * GET /api/dashboard/users: Paginated<User>. `q` in name, email or any part of the mobile (Persian,
   * Arabic-Indic or Latin digits; 0912… finds +98912…); filters `status`, `verified`,
   * `write_comment_status` (in force: an ended temporary bar is `allowed`); `sort`. 401 / 403 per SPEC §6, §8.
   */
  app.get<{ Querystring: UserListQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'List users (dashboard)',
        querystring: { type: 'object', properties: { ...pageQueryProperties, ...userFilters } },
        response: { 200: paginatedSchema(userSchema), 401: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema },
      },
      ...guard,
    },
    (request) => listUsers(app.db, request.query),
  );

  /**
   * GET /api/dashboard/users/export: every user of the list's filters and sort as `users-<Jalali date>.csv`
   * (issue 26, user-exports.ts; streamed, no password or token). 401 / 403 / 422 as the list.
   */
  app.get<{ Querystring: UserListQuery }>(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: 'Users as CSV',
        produces: csvRouteSchema.produces,
        querystring: { type: 'object', properties: userFilters },
        response: { 200: csvRouteSchema.response200, 401: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema },
      },
      ...guard,
    },
    (request, reply) => sendCsv(reply, usersCsv(app.db, request.query)),
  );

  /**
   * POST /api/dashboard/users `dashboardUserCreateSchema`: 201 {message, data: User}, email verified.
   * 403 a staff caller choosing a type other than ordinary or permissions; 422 fields, taken email/mobile,
   * permissions for a non-staff type or unknown ones.
   */
  app.post<{ Body: DashboardUserCreateInput }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'Add a user',
        body: createBody.jsonSchema,
        response: { 201: messageItemSchema(userSchema), ...errors },
      },
      ...guard,
      preValidation: createBody.preValidation,
      validatorCompiler: createBody.validatorCompiler,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const data = await createDashboardUser(app.db, user, request.body, await auditContextOf(request));
      return reply.code(201).send({ message: USERS_MESSAGES.userCreated, data });
    },
  );

  /** GET /api/dashboard/users/:id: {data: User}; 404 unknown. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    { schema: { tags, summary: 'A user', params, response: { 200: itemSchema(userSchema), ...errors } }, ...guard },
    async (request) => ({ data: await getDashboardUser(app.db, routeId(request.params.id, MESSAGES.userUnknown)) }),
  );

  /**
   * PUT /api/dashboard/users/:id `dashboardUserUpdateSchema` (empty password keeps it): {message, data: User}.
   * 403 `onlySuperEditsSuper` / `onlySuperChangesType`; 422 fields, `lastSuperUser`, permission rules; 404 unknown.
   */
  app.put<{ Params: { id: string }; Body: DashboardUserUpdateInput }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit a user',
        params,
        body: updateBody.jsonSchema,
        response: { 200: messageItemSchema(userSchema), ...errors },
      },
      ...guard,
      preValidation: updateBody.preValidation,
      validatorCompiler: updateBody.validatorCompiler,
    },
    async (request) => {
      const id = routeId(request.params.id, MESSAGES.userUnknown);
      const { user, token } = await requireAuth(request);
      return { message: USERS_MESSAGES.userUpdated, data: await updateDashboardUser(app.db, user, id, request.body, await auditContextOf(request), token) };
    },
  );

  /**
   * DELETE /api/dashboard/users/:id: {message}. 405 «operation is not valid» for a buyer (SPEC §8);
   * 422 oneself or the last super; 403 a staff caller and a super account; 404 unknown.
   */
  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Delete a user', params, response: { 200: messageSchema, 405: errorBodySchema, ...errors } },
      ...guard,
    },
    async (request) => {
      const id = routeId(request.params.id, MESSAGES.userUnknown);
      const { user } = await requireAuth(request);
      await deleteDashboardUser(app.db, user, id, await auditContextOf(request), hasPaidOrders);
      return { message: USERS_MESSAGES.userDeleted };
    },
  );

  /**
   * POST /api/dashboard/users/:id/comment-status `commentRestrictionSchema`: {message, data: User}.
   * `allowed` frees, `barred` is permanent, `temporarily-barred` needs a future `barred_until` (422 otherwise).
   */
  app.post<{ Params: { id: string }; Body: CommentRestrictionInput }>(
    `${BASE}/:id/comment-status`,
    {
      schema: {
        tags,
        summary: "Set a user's comment restriction",
        params,
        body: restrictionBody.jsonSchema,
        response: { 200: messageItemSchema(userSchema), ...errors },
      },
      ...guard,
      preValidation: restrictionBody.preValidation,
      validatorCompiler: restrictionBody.validatorCompiler,
    },
    async (request) => {
      const id = routeId(request.params.id, MESSAGES.userUnknown);
      const { user } = await requireAuth(request);
      return { message: USERS_MESSAGES.commentStatusSaved, data: await setCommentRestriction(app.db, user, id, request.body, await auditContextOf(request)) };
    },
  );
};

export default dashboardUsersRoutes;
