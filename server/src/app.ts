/**
 * Builds the API server (DESIGN.md "API server"). Load order follows the folders:
 * plugins/external → plugins/app → routes → static site.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveSettings, type AppOptions, type AppSettings } from './settings';
import dbPlugin from './plugins/external/db';
import cookiePlugin from './plugins/external/cookie';
import compressPlugin from './plugins/external/compress';
import rateLimitPlugin from './plugins/external/rate-limit';
import helmetPlugin from './plugins/external/helmet';
import swaggerPlugin from './plugins/external/swagger';
import storagePlugin from './plugins/external/storage';
import multipartPlugin from './plugins/external/multipart';
import errorHandlerPlugin, { frameworkErrors } from './plugins/app/error-handler';
import inputGuardPlugin from './plugins/app/input-guard';
import diskGuardPlugin from './plugins/app/disk-guard';
import csrfPlugin from './plugins/app/csrf';
import staticSitePlugin from './plugins/app/static-site';
import routeAccessPlugin from './plugins/app/route-access';
import publicCachePlugin from './plugins/app/public-cache';
import metricsPlugin from './plugins/app/metrics';
import storedFilesPlugin from './plugins/app/stored-files';
import transcoderPlugin from './plugins/app/transcoder';
import unpaidRemindersPlugin from './plugins/app/unpaid-reminders';
import commentNoticesPlugin from './plugins/app/comment-notices';
import auditPruningPlugin from './plugins/app/audit-pruning';
import authRoutes from './routes/auth';
import postsRoutes from './routes/content/posts';
import podcastsRoutes from './routes/content/podcasts';
import productsRoutes from './routes/commerce/products';
import cartRoutes from './routes/commerce/cart';
import checkoutRoutes from './routes/commerce/checkout';
import paymentsRoutes from './routes/commerce/payments';
import sessionsRoutes from './routes/commerce/sessions';
import lessonMediaRoutes from './routes/commerce/lesson-media';
import mediaRoutes from './routes/site/media';
import dashboardFinancialInfoRoutes from './routes/commerce/dashboard-financial-info';
import dashboardDiscountCodesRoutes from './routes/commerce/dashboard-discount-codes';
import dashboardProductsRoutes from './routes/commerce/dashboard-products';
import dashboardProductSessionsRoutes from './routes/commerce/dashboard-product-sessions';
import lessonUploadsRoutes from './routes/commerce/lesson-uploads';
import certificatesRoutes from './routes/commerce/certificates';
import dashboardUsersRoutes from './routes/users/dashboard-users';
import dashboardPermissionsRoutes from './routes/users/dashboard-permissions';
import dashboardAuditLogRoutes from './routes/audit/dashboard-audit-log';
import profileRoutes from './routes/users/profile';
import mailPreferencesRoutes from './routes/users/mail-preferences';
import mailUnsubscribeRoutes from './routes/site/mail-unsubscribe';
import feedsRoutes from './routes/content/feeds';
import dashboardPostsRoutes from './routes/content/dashboard-posts';
import dashboardPodcastsRoutes from './routes/content/dashboard-podcasts';
import dashboardCommentsRoutes from './routes/support/dashboard-comments';
import ticketsRoutes from './routes/support/tickets';
import dashboardTicketsRoutes from './routes/support/dashboard-tickets';
import supportRoutes from './routes/support';
import dashboardAnnouncementsRoutes from './routes/support/dashboard-announcements';
import dashboardLinksRoutes from './routes/support/dashboard-links';
import dashboardSiteInformationRoutes from './routes/support/dashboard-site-information';
import siteRoutes from './routes/site';
import dashboardOverviewRoutes from './routes/site/dashboard-overview';
import { echoRequestId, OneLinePerRequest, requestIdOf } from './lib/request-log';
import { commentNodeSchema } from './lib/schemas';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createSmsSender, type SmsSender } from './modules/sms/sms-sender';
import jobsPlugin from './plugins/external/jobs';

export type { AppOptions } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved settings (options, environment, defaults). */
    settings: AppSettings;
    /** Outgoing mail, queued as jobs: SMTP_URL, else `.eml` files in `<DATA_DIR>/outbox/` (DESIGN.md "Outside services"). */
    mailer: Mailer;
    /** Outgoing SMS (issue 26): the JSON outbox or sms.ir, through the job queue. */
    sms: SmsSender;
  }
}

/** Largest accepted request body, bytes (larger → 413). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds a ready Fastify instance: opens (and migrates, and seeds) the database, registers
 * plugins and routes. Callers `listen` (main.ts) or `inject` (tests) and `close` it.
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const settings = resolveSettings(options);
  const app = Fastify({
    logger: options.logger ?? true,
    // One log line per request instead of two (lib/request-log.ts).
    logController: new OneLinePerRequest(),
    // A sane incoming x-request-id, else a UUID; logged as `reqId`, echoed by echoRequestId.
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    // Router errors (a path that is not UTF-8) answered in Persian like every other error (issue 10).
    frameworkErrors,
    // The db plugin migrates and seeds an empty database; on a busy 2-core machine that outlasts
    // Fastify's default 10 s plugin timeout.
    pluginTimeout: 120_000,
    trustProxy: settings.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
  });
  app.decorate('settings', settings);
  // First hook of all, so answers that other hooks end early (429, 419) carry the id too.
  app.addHook('onRequest', echoRequestId);
  app.addSchema(commentNodeSchema);

  // plugins/external
  await app.register(helmetPlugin);
  await app.register(cookiePlugin);
  await app.register(compressPlugin);
  // The db plugin's seed writes the demo media into the store.
  await app.register(storagePlugin);
  await app.register(dbPlugin, { pglite: options.pglite });
  await app.register(jobsPlugin);
  app.decorate('mailer', await createMailer(settings, app.log, app.jobs, app.dbSession, settings.mailRetry));
  app.addHook('onClose', () => app.mailer.close());
  app.decorate('sms', await createSmsSender(settings.sms, app.log, app.jobs));
  app.addHook('onClose', () => app.sms.close());
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);
  await app.register(multipartPlugin);
  // plugins/app
  await app.register(storedFilesPlugin);
  await app.register(transcoderPlugin);
  await app.register(unpaidRemindersPlugin);
  await app.register(commentNoticesPlugin);
  await app.register(auditPruningPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(diskGuardPlugin);
  await app.register(metricsPlugin);
  await app.register(csrfPlugin);
  await app.register(routeAccessPlugin);
  await app.register(publicCachePlugin);
  // routes
  await app.register(authRoutes);
  await app.register(postsRoutes);
  await app.register(podcastsRoutes);
  await app.register(feedsRoutes);
  await app.register(dashboardPostsRoutes);
  await app.register(dashboardPodcastsRoutes);
  await app.register(productsRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentsRoutes);
  await app.register(sessionsRoutes);
  await app.register(lessonMediaRoutes);
  await app.register(mediaRoutes);
  await app.register(dashboardFinancialInfoRoutes);
  await app.register(dashboardDiscountCodesRoutes);
  await app.register(dashboardProductsRoutes);
  await app.register(dashboardProductSessionsRoutes);
  await app.register(lessonUploadsRoutes);
  await app.register(certificatesRoutes);
  await app.register(dashboardUsersRoutes);
  await app.register(dashboardPermissionsRoutes);
  await app.register(dashboardAuditLogRoutes);
  await app.register(profileRoutes);
  await app.register(mailPreferencesRoutes);
  await app.register(mailUnsubscribeRoutes);
  await app.register(supportRoutes);
  await app.register(dashboardCommentsRoutes);
  await app.register(ticketsRoutes);
  await app.register(dashboardTicketsRoutes);
  await app.register(dashboardAnnouncementsRoutes);
  await app.register(dashboardLinksRoutes);
  await app.register(dashboardSiteInformationRoutes);
  await app.register(siteRoutes);
  await app.register(dashboardOverviewRoutes);
  if (settings.serveStatic) await app.register(staticSitePlugin);

  await app.ready();
  return app;
}
