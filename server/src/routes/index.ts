/**
 * Every API route (DESIGN.md "API server"), one registry per folder, each folder a domain; they
 * declare schemas and delegate to src/modules. `app.ts` registers this after the plugins.
 */
import { registryOf } from '../lib/plugin-registry';
import authRoutes from './auth';
import contentRoutes from './content';
import commerceRoutes from './commerce';
import learningRoutes from './learning';
import usersRoutes from './users';
import auditRoutes from './audit';
import releasesRoutes from './releases';
import supportRoutes from './support';
import siteRoutes from './site';

export default registryOf('routes', [
  authRoutes,
  contentRoutes,
  commerceRoutes,
  learningRoutes,
  usersRoutes,
  auditRoutes,
  releasesRoutes,
  supportRoutes,
  siteRoutes,
]);
