/** Site-wide endpoints: a health check for containers and load balancers. */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';

const siteRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/health: 200 `{status:'ok', database}` when the database answers. */
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['site'],
        summary: 'Health check',
        response: {
          200: {
            type: 'object',
            required: ['status', 'database'],
            properties: { status: { type: 'string' }, database: { type: 'string' } },
          },
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.dbKind };
    },
  );
};

export default siteRoutes;
