/**
 * `application/x-www-form-urlencoded` bodies of browser navigations and mail clients (the payment
 * form, issue 6; the one-click unsubscribe, issue 25), parsed to a flat object, for the routes of
 * the plugin that calls it. Bytes that are not UTF-8 are refused as in a query (issue 22 item 3);
 * URLSearchParams would make them U+FFFD.
 */
import type { FastifyInstance } from 'fastify';
import { refuseUndecodableQuery } from './bad-input';

/** Adds the form parser to `app`'s scope; a body over `bodyLimit` bytes answers 413. */
export function addFormBodyParser(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      refuseUndecodableQuery(body as string);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
