/**
 * Security headers on every answer (issue 10 "Hardening"; OWASP ASVS 4.0 §14.4) through helmet:
 * a Content-Security-Policy that lets scripts come only from this origin, the
 * remotes' origins of the run-time remote list and the hashed inline scripts of the served
 * index.html; `frame-ancestors 'none'`, `nosniff`, `strict-origin-when-cross-origin`, and HSTS in
 * production. The same policy serves the pages, the API (where it costs nothing) and /api/docs
 * (Swagger UI loads its scripts from this origin and needs no exception).
 *
 * helmet's headers are worked out once per set of page sources and set in an `onRequest` hook.
 * @fastify/helmet 13 builds helmet's middleware anew for every request (parsing the whole policy
 * each time), and directives given as functions are validated on every answer: about 7 % of the
 * CPU of a cached API answer in `npm run bench`'s API figures (issue 9).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** What the served pages need beyond `'self'`; static-site.ts provides it (`app.usePageSources`). */
export interface PageSources {
  /** Origins of remotes served from elsewhere (`https://cdn.example.com`), from the run-time remote list. */
  remoteOrigins: string[];
  /** `'sha256-…'` of each inline script of the served index.html. */
  scriptHashes: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sets where the policy reads {@link PageSources}: called once per answer with its request, so
     * a changed remote list or a rebuilt shell reaches the next page. It answers the same object
     * while the sources stay the same. Without a provider (no static site) the policy allows this
     * origin only.
     */
    usePageSources(provider: (request: IncomingMessage) => PageSources): void;
  }
}

/**
 * The headers helmet's middleware sets with these options, worked out once: they depend on the
 * options alone (no directive is a function of the request), and the middleware only sets and
 * removes headers on the answer.
 */
function headersOf(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** One year, in seconds (HSTS max-age). */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

export default fp(
  async (app) => {
    const { production, payment } = app.settings;
    const thisOriginOnly: PageSources = { remoteOrigins: [], scriptHashes: [] };
    let pageSources = (_request: IncomingMessage): PageSources => thisOriginOnly;
    app.decorate('usePageSources', (provider: (request: IncomingMessage) => PageSources) => {
      pageSources = provider;
    });

    /** The headers helmet sets for one set of page sources. */
    const headersFor = (page: PageSources) => headersOf({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Development builds (`npm run dev`, webpack dev servers) evaluate their modules with eval
          // source maps; production builds never do.
          scriptSrc: ["'self'", ...(production ? [] : ["'unsafe-eval'"]), ...page.remoteOrigins, ...page.scriptHashes],
          // Federation fetches each remote's mf-manifest.json.
          connectSrc: ["'self'", ...page.remoteOrigins],
          // emotion (MUI) injects <style> elements at run time and server-rendered pages carry their
          // emotion CSS inline: neither can be hashed ahead of time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...page.remoteOrigins],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:', ...page.remoteOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          // The cart's form posts to /api/payments/start, which redirects to the gateway's pay page:
          // Zarinpal's origin when it is the gateway, and SnappPay's pay page when it is configured (the
          // sandboxes' pages are on this origin; issue 36 item 2).
          formAction: [
            "'self'",
            ...(payment.gateway === 'zarinpal' ? [new URL(payment.zarinpalBaseUrl).origin] : []),
            ...(payment.snapppay ? [payment.snapppay.pageOrigin] : []),
          ],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });

    // The provider answers the same object while the sources stay the same: the headers are
    // worked out again only when they change (a new remote list, a rebuilt shell).
    let current: { page: PageSources; headers: Record<string, string> } | null = null;
    app.addHook('onRequest', (request, reply, done) => {
      const page = pageSources(request.raw);
      if (current?.page !== page) current = { page, headers: headersFor(page) };
      reply.headers(current.headers);
      // Public media (podcast audio and images of the RSS feeds) play and show on other sites too;
      // everything else keeps helmet's same-origin resource policy.
      if (request.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
      done();
    });
  },
  { name: 'helmet' },
);
