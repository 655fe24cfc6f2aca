/** OpenAPI document built from the route schemas; UI at /api/docs, JSON at /api/docs/json. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Persian content shop API',
          description:
            'Lists answer `{data, meta}`, items `{data}`, errors `{message, errors?}` (Persian). ' +
            'Mutating browser requests echo the XSRF-TOKEN cookie in `X-XSRF-TOKEN` (GET /sanctum/csrf-cookie).',
          version: '1.0.0',
        },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            cookie: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
          },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });
  },
  { name: 'swagger' },
);
