/**
 * Security headers on every answer (issue 10 "Hardening"; OWASP ASVS 4.0 §14.4) through
 * @fastify/helmet: a Content-Security-Policy that lets scripts come only from this origin, the
 * remotes' origins of the run-time remote list and the hashed inline scripts of the served
 * index.html; `frame-ancestors 'none'`, `nosniff`, `strict-origin-when-cross-origin`, and HSTS in
 * production. The same policy serves the pages, the API (where it costs nothing) and /api/docs
 * (Swagger UI loads its scripts from this origin and needs no exception).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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
     * a changed remote list or a rebuilt shell reaches the next page. Without a provider (no static
     * site) the policy allows this origin only.
     */
    usePageSources(provider: (request: IncomingMessage) => PageSources): void;
  }
}

/** One year, in seconds (HSTS max-age). */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

export default fp(
  async (app) => {
    const { production, payment } = app.settings;
    let pageSources = (_request: IncomingMessage): PageSources => ({ remoteOrigins: [], scriptHashes: [] });
    app.decorate('usePageSources', (provider: (request: IncomingMessage) => PageSources) => {
      pageSources = provider;
    });

    // Several directives read the sources of one answer: read them once per answer.
    const perAnswer = new WeakMap<ServerResponse, PageSources>();
    const sourcesOf = (req: IncomingMessage, res: ServerResponse): PageSources => {
      let page = perAnswer.get(res);
      if (!page) {
        page = pageSources(req);
        perAnswer.set(res, page);
      }
      return page;
    };
    /**
     * A directive's sources for helmet, which calls it with the raw request and answer: `fixed`,
     * then what `extra` picks from the answer's page sources.
     */
    const sources =
      (fixed: string[], extra: (page: PageSources) => string[]) =>
      (req: IncomingMessage, res: ServerResponse): string =>
        [...fixed, ...extra(sourcesOf(req, res))].join(' ');
    const remotes = (page: PageSources) => page.remoteOrigins;

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Development builds (`npm run dev`, webpack dev servers) evaluate their modules with eval
          // source maps; production builds never do.
          scriptSrc: [sources(["'self'", ...(production ? [] : ["'unsafe-eval'"])], (page) => [...page.remoteOrigins, ...page.scriptHashes])],
          // Federation fetches each remote's mf-manifest.json.
          connectSrc: [sources(["'self'"], remotes)],
          // emotion (MUI) injects <style> elements at run time and server-rendered pages carry their
          // emotion CSS inline: neither can be hashed ahead of time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [sources(["'self'", 'data:', 'blob:'], remotes)],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: [sources(["'self'", 'data:'], remotes)],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          // The cart's form posts to /api/payments/start, which redirects to the gateway's pay page:
          // Zarinpal's origin when it is the gateway (the sandbox's page is on this origin).
          formAction: ["'self'", ...(payment.gateway === 'zarinpal' ? [new URL(payment.zarinpalBaseUrl).origin] : [])],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });

    // Public media (podcast audio and images of the RSS feeds) play and show on other sites too;
    // everything else keeps helmet's same-origin resource policy.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/media/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    });
  },
  { name: 'helmet' },
);
