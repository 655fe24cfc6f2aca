/** Dashboard users list (SPEC §2 /dashboard/users, §6: permission show-users; super passes). */
import type { FastifyPluginAsync } from 'fastify';
import { requirePermission } from '../../plugins/app/auth';
import { MAX_PAGE } from '../../lib/pagination';
import { errorBodySchema, paginatedSchema, userSchema } from '../../lib/schemas';
import { listUsers, USER_SORT_VALUES, type UserListQuery } from '../../modules/users/users-service';

const dashboardUsersRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/dashboard/users: Paginated<User> with `q` search and `sort`; 401 / 403 per SPEC §6, §8. */
  app.get<{ Querystring: UserListQuery }>(
    '/api/dashboard/users',
    {
      schema: {
        tags: ['users'],
        summary: 'List users (dashboard)',
        security: [{ bearer: [] }, { cookie: [] }],
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
            per_page: { type: 'integer', default: 12, description: 'Clamped to 1..50.' },
            q: { type: 'string', maxLength: 200, description: 'Searched in full name, email and mobile.' },
            sort: { type: 'string', enum: USER_SORT_VALUES, default: '-created_at' },
          },
        },
        response: {
          200: paginatedSchema(userSchema),
          401: errorBodySchema,
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
      onRequest: requirePermission('show-users'),
    },
    (request) => listUsers(app.db, request.query),
  );
};

export default dashboardUsersRoutes;
