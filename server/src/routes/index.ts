/**
 * Every API route (DESIGN.md "API server"), one registry per folder, each folder a domain; they
 * declare schemas and delegate to src/modules. `app.ts` registers this after the plugins.
 */
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth';
import contentRoutes from './content';
import commerceRoutes from './commerce';
import usersRoutes from './users';
import auditRoutes from './audit';
import supportRoutes from './support';
import siteRoutes from './site';

const routes: FastifyPluginAsync = async (app) => {
  for (const domain of [authRoutes, contentRoutes, commerceRoutes, usersRoutes, auditRoutes, supportRoutes, siteRoutes]) await app.register(domain);
};

export default routes;
