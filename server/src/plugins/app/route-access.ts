/**
 * The route table's access column (issue 7 "Authorization matrix"): every `/api` and `/sanctum`
 * route declares who may call it, through a guard hook made by `guard` / `requireUser` /
 * `requireDashboardUser` / `requirePermission`, or `config: { access: 'public' }`. A route that declares nothing stops the
 * server at start-up, so a new route can never be open by accident. `app.routeAccess` lists them
 * all for the authorization-matrix test.
 */
import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';
import { accessOfGuard, type RouteAccess } from './auth';

/** One row of the route table. */
export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares a route open to everyone (visitors included); guarded routes leave it out. */
    access?: 'public';
  }
  interface FastifyInstance {
    /** Every API route with its declared access, in registration order. */
    routeAccess: RouteAccessEntry[];
  }
}

function hooksOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) =>
    hook === undefined ? [] : Array.isArray(hook) ? hook : [hook],
  );
}

/** The declared access of a route, or undefined when it declares none (also read by plugins/external/swagger.ts). */
export function declaredAccess(route: RouteOptions): RouteAccess | undefined {
  const guarded = hooksOf(route)
    .map(accessOfGuard)
    .find((access) => access !== undefined);
  if (guarded) return guarded;
  return (route.config as { access?: 'public' } | undefined)?.access === 'public' ? 'public' : undefined;
}

export default fp(
  async (app) => {
    const table: RouteAccessEntry[] = [];
    app.decorate('routeAccess', table);
    app.addHook('onRoute', (route) => {
      if (!/^\/(api|sanctum)(\/|$)/.test(route.url)) return;
      // The OpenAPI document and its UI (plugins/external/swagger) are public by design.
      const access = /^\/api\/docs(\/|$)/.test(route.url) ? 'public' : declaredAccess(route);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (access === undefined) {
        throw new Error(`${methods.join(',')} ${route.url} declares no access: add a guard hook or config.access = 'public'`);
      }
      for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, access });
    });
  },
  { name: 'route-access' },
);
