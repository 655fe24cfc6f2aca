/**
 * The OpenAPI 3.0.3 document built from the route schemas (DESIGN.md "API server"): UI at
 * /api/docs, JSON at /api/docs/json. It passes Redocly CLI's `recommended` rules with no error
 * (test/openapi/contract.test.ts, issue 22 "The API contract"), because every operation gets here,
 * from its route alone (see {@link describeOperation}):
 * - a stable `operationId` from its method and path ({@link operationIdOf});
 * - its `security`, from the access the route declares (plugins/app/route-access.ts): the bearer
 *   token or the `auth_token` cookie for a guarded route, and on a write made with the cookie the
 *   `X-XSRF-TOKEN` header echoing the `XSRF-TOKEN` cookie (plugins/app/csrf.ts); a public route
 *   takes the same credentials optionally (`{}` first);
 * - a 4xx answer: at least the input guard's 422 (plugins/app/input-guard.ts), which refuses bad
 *   bytes on every route.
 * `servers` is this origin (`/`), which serves the document.
 */
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema } from '../../lib/schemas';
import { declaredAccess } from '../app/route-access';

/** Security scheme names of the document. */
const BEARER = 'bearer';
const COOKIE = 'cookie';
const XSRF = 'xsrf';

/** Methods that change state: with the cookie, they need the XSRF pair (plugins/app/csrf.ts). */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The operationId of `method url`, derived from them alone so that it never changes when other
 * routes come and go: the method, then each path segment in camel case without the `/api` prefix,
 * a parameter as `By<Name>` (`GET /api/posts/:postId/comments` → `getPostsByPostIdComments`,
 * `GET /sitemap.xml` → `getSitemapXml`).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment, i) => segment !== '' && !(i === 1 && segment === 'api'))
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : [segment]))
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

/** One OpenAPI security requirement: scheme names, each with its (empty) scopes. */
type SecurityRequirement = Record<string, string[]>;

/**
 * The security requirements of a route (OpenAPI: any one of the listed objects, all schemes of
 * one object together). Routes outside the route table (feeds, sitemaps, robots.txt) are public.
 */
export function securityOf(method: string, route: RouteOptions): SecurityRequirement[] {
  const access = declaredAccess(route) ?? 'public';
  const xsrf = MUTATING.has(method) && (route.config as { csrf?: boolean } | undefined)?.csrf !== false;
  const signedIn: SecurityRequirement[] = [{ [BEARER]: [] }, xsrf ? { [COOKIE]: [], [XSRF]: [] } : { [COOKIE]: [] }];
  if (access !== 'public') return signedIn;
  return [xsrf ? { [XSRF]: [] } : {}, ...signedIn];
}

/** 422 that the input guard answers on every route (issue 22 item 3). */
const inputGuardAnswer = { ...errorBodySchema, description: 'A path parameter, query or body holds a NUL byte or text that is not UTF-8' };

/** The route's schema as documented: operationId, security, and a 4xx answer when it lists none. */
export function describeOperation(method: string, route: RouteOptions, schema: Record<string, unknown>): Record<string, unknown> {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const has4xx = Object.keys(response).some((status) => /^4(\d\d|XX)$/.test(status));
  return {
    operationId: operationIdOf(method, route.url),
    ...schema,
    security: securityOf(method, route),
    response: has4xx ? response : { ...response, 422: inputGuardAnswer },
  };
}

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Persian content shop API',
          description:
            'Lists answer `{data, meta}`, items `{data}`, errors `{message, errors?}` (Persian). ' +
            'Sign in with POST /api/auth/login: the answer carries a bearer token and sets the httpOnly `auth_token` cookie. ' +
            'Writes made with the cookie echo the XSRF-TOKEN cookie in `X-XSRF-TOKEN` (GET /sanctum/csrf-cookie); writes made with the bearer token need neither. ' +
            'A NUL byte or text that is not UTF-8 in a path parameter, query, cookie, header or body is refused with a 4xx.',
          version: '1.0.0',
        },
        servers: [{ url: '/', description: 'This server' }],
        components: {
          securitySchemes: {
            [BEARER]: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/auth/login' },
            [COOKIE]: { type: 'apiKey', in: 'cookie', name: 'auth_token', description: 'Set by POST /api/auth/login (httpOnly, 360 days)' },
            [XSRF]: {
              type: 'apiKey',
              in: 'header',
              name: 'X-XSRF-TOKEN',
              description: 'The value of the XSRF-TOKEN cookie (GET /sanctum/csrf-cookie), sent back with the cookie on every write',
            },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
        const method = ([] as string[]).concat(route.method).find((m) => m !== 'HEAD') ?? 'GET';
        return { schema: describeOperation(method, route, schema as Record<string, unknown>) as typeof schema, url };
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });
  },
  { name: 'swagger' },
);
