/**
 * Input every route can trust (issue 10 "Bad input", issue 22 item 3; DESIGN.md: bad input never
 * produces a 5xx), with the checks of lib/bad-input.ts, in this one place for every route:
 * - a JSON body nested deeper than MAX_JSON_DEPTH levels answers 400 `jsonTooDeep` before it is
 *   parsed (yup prints a refused value with JSON.stringify, which overflows the stack on 10 000),
 *   and one whose bytes are not UTF-8 400 `bodyNotUtf8`; otherwise Fastify's own JSON parser reads
 *   it (prototype poisoning refused with 400);
 * - a NUL character or a lone surrogate in a path parameter, a query parameter (name or value), or
 *   a JSON string or key, and a query parameter whose percent-encoded bytes are not UTF-8, answer
 *   422 on that field (PostgreSQL text cannot hold NUL, so the query would fail with a 500, and
 *   it would store U+FFFD for the others). Path, query and headers are checked as the request
 *   arrives (onRequest), before any guard reads a token; bodies before any route's validation.
 *   A path whose percent-encoding is not UTF-8 never reaches a route: the router answers 400
 *   (error-handler.ts `frameworkErrors`);
 * - a NUL character in a header, or a NUL or lone surrogate in a cookie (their percent-encoding
 *   decoded), answers 400 `headerBadCharacter`: the bearer token and the `auth_token` cookie are
 *   looked up in the database.
 * Multipart fields are read by the routes; lib/uploads.ts checks them the same way.
 */
import { isUtf8 } from 'node:buffer';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/api-error';
import { isBadText, jsonDeeperThan, jsonTooDeep, MAX_JSON_DEPTH, refuseBadText, refuseUndecodableQuery } from '../../lib/bad-input';
import { MESSAGES } from '../../lib/messages';

/** Names of the headers and cookies whose values hold text no route may use. */
function badHeaders(headers: Record<string, string | string[] | undefined>, cookies: Record<string, string | undefined>): string[] {
  const found = Object.entries(headers)
    .filter(([, value]) => value !== undefined && ([] as string[]).concat(value).some((v) => v.includes('\u0000')))
    .map(([name]) => name);
  for (const [name, value] of Object.entries(cookies)) if (isBadText(name) || (value !== undefined && isBadText(value))) found.push(`cookie.${name}`);
  return found;
}

export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) {
        done(new ApiError(400, MESSAGES.bodyNotUtf8), undefined);
        return;
      }
      const text = bytes.toString('utf8');
      if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
        done(jsonTooDeep(), undefined);
        return;
      }
      parseJson(request, text, done);
    });

    // The first app hook after the cookie parser's, so no guard or route reads a refused value.
    app.addHook('onRequest', async (request) => {
      const headers = badHeaders(request.headers, request.cookies ?? {});
      if (headers.length > 0) throw new ApiError(400, MESSAGES.headerBadCharacter, Object.fromEntries(headers.map((name) => [name, [MESSAGES.fieldBadCharacter]])));
      refuseBadText(request.params);
      const query = request.url.indexOf('?');
      if (query !== -1) refuseUndecodableQuery(request.url.slice(query + 1));
      refuseBadText(request.query);
    });

    // Shared hooks run before a route's own preValidation (the yup bodies of lib/yup-body.ts).
    app.addHook('preValidation', async (request) => {
      refuseBadText(request.body);
    });
  },
  { name: 'input-guard' },
);
