/**
 * Input every route can trust (issue 10 "Bad input"; DESIGN.md: bad input never produces a 5xx),
 * with the checks of lib/bad-input.ts:
 * - a JSON body nested deeper than MAX_JSON_DEPTH levels answers 400 `jsonTooDeep` before it is
 *   parsed (yup prints a refused value with JSON.stringify, which overflows the stack on 10 000);
 *   otherwise Fastify's own JSON parser reads it (prototype poisoning refused with 400);
 * - a NUL character in a query or body string, or in a key, answers 422 on that field before any
 *   route's validation (PostgreSQL text cannot hold it, so the query would fail instead).
 *   Multipart fields are read by the routes; lib/uploads.ts checks them the same way.
 */
import fp from 'fastify-plugin';
import { jsonDeeperThan, jsonTooDeep, MAX_JSON_DEPTH, refuseNul } from '../../lib/bad-input';

export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
        done(jsonTooDeep(), undefined);
        return;
      }
      parseJson(request, text, done);
    });

    // Shared hooks run before a route's own preValidation (the yup bodies of lib/yup-body.ts).
    app.addHook('preValidation', async (request) => {
      refuseNul(request.query);
      refuseNul(request.body);
    });
  },
  { name: 'input-guard' },
);
