/**
 * One-click unsubscribe of marketing mails (issue 25; RFC 8058), the target of each such mail's
 * `List-Unsubscribe` header and link. `POST` with the form body `List-Unsubscribe=One-Click` (what
 * a mail client sends, and the page's button) turns the kind off; `GET` only answers a Persian page
 * with that button, so a link scanner that follows the link unsubscribes no one. Both are
 * navigations without a session: the signed token says who and what, and CSRF does not apply.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { addFormBodyParser } from '../../lib/form-body';
import { SITE_MESSAGES } from '../../modules/site';
import { readUnsubscribeToken, unsubscribe, UNSUBSCRIBE_PATH, unsubscribePageHtml } from '../../modules/mail';

/** Largest unsubscribe body, bytes (the one field and some room). */
const FORM_BODY_LIMIT = 1024;

const query = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 200 } } } as const;
const page = { type: 'string', description: 'Persian HTML page' } as const;
const refusal = { description: 'Persian HTML page for a browser, else {message}' } as const;

const send = (reply: FastifyReply, status: number, html: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/**
 * 400 with `message`: the Persian page for a browser (Accept names text/html), else the API's JSON
 * error, as every other refusal (a mail client's POST reads no page).
 */
function refuse(request: FastifyRequest, reply: FastifyReply, message: string) {
  if (/\btext\/html\b/.test(request.headers.accept ?? '')) return send(reply, 400, unsubscribePageHtml(message));
  throw new ApiError(400, message);
}

const mailUnsubscribeRoutes: FastifyPluginAsync = async (app) => {
  addFormBodyParser(app, FORM_BODY_LIMIT);

  /** GET /api/mail/unsubscribe?token=: 200 a page with the «لغو دریافت» button (changes nothing); 400 for a token that is not valid (see `refuse`). */
  app.get<{ Querystring: { token: string } }>(
    UNSUBSCRIBE_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'The one-click unsubscribe page (its button POSTs)',
        querystring: query,
        produces: ['text/html'],
        response: { 200: page, 400: refusal },
      },
    },
    async (request, reply) => {
      const claims = readUnsubscribeToken(app.settings.appKey, request.query.token);
      if (!claims) return refuse(request, reply, SITE_MESSAGES.unsubscribeInvalid);
      const label = SITE_MESSAGES.mailKindLabels[claims.kind];
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`;
      return send(reply, 200, unsubscribePageHtml(SITE_MESSAGES.unsubscribeAsk(label), { action, button: SITE_MESSAGES.unsubscribeButton }));
    },
  );

  /**
   * POST /api/mail/unsubscribe?token= with `List-Unsubscribe=One-Click` (form): 200 a page saying
   * the kind is off (again: the same); 400 for a tampered token or another body (see `refuse`).
   */
  app.post<{ Querystring: { token: string }; Body: Record<string, string> | undefined }>(
    UNSUBSCRIBE_PATH,
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['site'],
        summary: 'One-click unsubscribe (RFC 8058)',
        querystring: query,
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/html'],
        response: { 200: page, 400: refusal },
      },
    },
    async (request, reply) => {
      const claims = readUnsubscribeToken(app.settings.appKey, request.query.token);
      if (!claims) return refuse(request, reply, SITE_MESSAGES.unsubscribeInvalid);
      if (request.body?.['List-Unsubscribe'] !== 'One-Click') return refuse(request, reply, SITE_MESSAGES.unsubscribeBodyInvalid);
      await unsubscribe(app.db, claims.userId, claims.kind);
      return send(reply, 200, unsubscribePageHtml(SITE_MESSAGES.unsubscribeDone(SITE_MESSAGES.mailKindLabels[claims.kind])));
    },
  );
};

export default mailUnsubscribeRoutes;
