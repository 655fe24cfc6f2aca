/**
 * The sales agent's link (issue 36 item 4): any `GET` with `?ref=<code>` (an agent's code, as
 * `/?ref=STAFF10`) leaves the `agent_ref` cookie for 30 days, which checkout reads to name the sale's
 * agent. Only the code's shape is checked here; whether it is an active agent's, and not the buyer's
 * own, is checked at checkout. A later link replaces an earlier one (the last agent wins).
 */
import fp from 'fastify-plugin';
import { AGENT_CODE_PATTERN, AGENT_REF_COOKIE, AGENT_REF_MAX_AGE_S } from '../../modules/commerce';

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return;
      const ref = (request.query as { ref?: unknown } | undefined)?.ref;
      if (typeof ref !== 'string') return;
      const code = ref.trim().toUpperCase();
      if (!AGENT_CODE_PATTERN.test(code)) return;
      reply.setCookie(AGENT_REF_COOKIE, code, { path: '/', maxAge: AGENT_REF_MAX_AGE_S, sameSite: 'lax', httpOnly: true, secure: app.settings.cookieSecure });
    });
  },
  { name: 'agent-referral' },
);
