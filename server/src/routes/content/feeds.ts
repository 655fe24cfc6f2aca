/** RSS feeds of posts and podcasts (issue 3; the shell's footer links to them). */
import type { FastifyPluginAsync } from 'fastify';
import { buildPodcastsFeed, buildPostsFeed, CONTENT_MESSAGES } from '../../modules/content';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';

const feedsRoutes: FastifyPluginAsync = async (app) => {
  const schema = (summary: string) => ({
    tags: ['content'],
    summary,
    produces: ['application/rss+xml'],
    response: { 200: { type: 'string', description: 'RSS 2.0 XML' } },
  });

  /** GET /feeds/posts.xml: RSS 2.0 of the newest active posts. */
  app.get('/feeds/posts.xml', { schema: schema('RSS feed of posts') }, async (_request, reply) =>
    reply.type(RSS_TYPE).header('cache-control', 'public, max-age=300').send(await buildPostsFeed(app.db, app.settings.publicUrl)),
  );

  /** GET /feeds/podcasts.xml: RSS 2.0 + iTunes tags, audio as enclosures. */
  app.get('/feeds/podcasts.xml', { schema: schema('RSS feed of podcasts (iTunes)') }, async (_request, reply) =>
    reply
      .type(RSS_TYPE)
      .header('cache-control', 'public, max-age=300')
      .send(
        await buildPodcastsFeed(app.db, app.storage, app.settings.publicUrl, {
          email: process.env.FEED_OWNER_EMAIL || 'super@example.com',
          name: process.env.FEED_AUTHOR || CONTENT_MESSAGES.feedAuthor,
        }),
      ),
  );
};

export default feedsRoutes;
