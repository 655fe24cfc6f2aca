/**
 * The workers of the comment mails (issue 26: reply mails and the staff digest;
 * modules/site/comment-notifications.ts), started with the app and stopped when it closes, before
 * the job queue stops.
 */
import fp from 'fastify-plugin';
import { startCommentNotices } from '../../modules/site';

export default fp(
  async (app) => {
    const stop = await startCommentNotices(app);
    app.addHook('onClose', stop);
  },
  { name: 'comment-notices', dependencies: ['jobs'] },
);
