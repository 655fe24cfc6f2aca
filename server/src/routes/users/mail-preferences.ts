/**
 * The signed-in user's mail preferences (issue 25; the switches on `/profile#home`): one boolean
 * per kind of MAIL_KINDS, true when that marketing mail is wanted. Account mails and receipts
 * are not among them: they are always sent.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MAIL_KINDS } from '@shop/contracts';
import { USERS_MESSAGES } from '../../modules/users';
import { itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { getMailPreferences, type MailPreferences, saveMailPreferences } from '../../modules/mail';

const kinds = Object.fromEntries(MAIL_KINDS.map((kind) => [kind, { type: 'boolean' }]));
/** MailPreferences of mail-preferences.ts: every kind, a boolean. */
const preferencesSchema = { type: 'object', required: [...MAIL_KINDS], properties: kinds } as const;

const mailPreferencesRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/profile/mail-preferences: `{data: {<kind>: boolean, …}}` over MAIL_KINDS. */
  app.get(
    '/api/profile/mail-preferences',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Which marketing mails the caller wants',
        response: { 200: itemSchema(preferencesSchema), ...signedInErrorResponses },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await getMailPreferences(app.db, user.id) };
    },
  );

  /**
   * PUT /api/profile/mail-preferences `{<kind>: boolean, …}` (any of MAIL_KINDS; others keep their
   * state): 200 `{message, data}` with every kind after the change; 422 when a value is not a boolean.
   */
  app.put<{ Body: Partial<MailPreferences> }>(
    '/api/profile/mail-preferences',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: 'Turn marketing mails on or off',
        body: { type: 'object', properties: kinds, additionalProperties: false },
        response: {
          200: { type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data: preferencesSchema } },
          ...signedInErrorResponses,
        },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { message: USERS_MESSAGES.mailPreferencesSaved, data: await saveMailPreferences(app.db, user.id, request.body) };
    },
  );
};

export default mailPreferencesRoutes;
