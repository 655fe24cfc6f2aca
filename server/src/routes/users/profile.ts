/**
 * The signed-in user's profile (SPEC §2 /profile): tab #home edits the account (issue 7), tabs
 * #favorites-posts and #favorites-podcasts list the liked items.
 */
import type { FastifyPluginAsync } from 'fastify';
import { passwordChangeSchema, profileSchema } from '@shop/validation';
import { notFound } from '../../lib/api-error';
import {
  errorBodySchema,
  messageSchema,
  paginatedSchema,
  podcastSchema,
  postSchema,
  signedInErrorResponses,
  userSchema,
  pageQueryProperties,
} from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { changePassword, type PasswordChangeInput, sendVerificationEmail } from '../../modules/auth';
import { type OwnProfileInput, updateOwnProfile, USERS_MESSAGES } from '../../modules/users';
import { listLikedPodcasts, listLikedPosts } from '../../modules/content';

interface FavoritesQuery {
  type: 'post' | 'podcast';
  page?: number;
  per_page?: number;
}

const profileBody = yupBody(profileSchema);
const passwordBody = yupBody(passwordChangeSchema);

const profileRoutes: FastifyPluginAsync = async (app) => {
  /**
   * PUT /api/profile `{full_name, email, mobile?}` (signed in): 200 `{message, data: User}`. A new
   * email is unverified again and gets a verification link (`profileEmailChanged`), else
   * `profileUpdated`; no mobile removes it. 422 Persian field errors, taken email or mobile included.
   */
  app.put<{ Body: OwnProfileInput }>(
    '/api/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: "Update the caller's full name, email and mobile",
        body: profileBody.jsonSchema,
        response: {
          200: { type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data: userSchema } },
          ...signedInErrorResponses,
        },
      },
      preValidation: profileBody.preValidation,
      validatorCompiler: profileBody.validatorCompiler,
    },
    async (request) => {
      const { user: caller } = await requireAuth(request);
      // A changed email and the mail of its new link commit together (issue 26).
      const saved = await app.db.transaction(async (tx) => {
        const changed = await updateOwnProfile(tx, caller.id, request.body);
        if (changed?.emailChanged) await sendVerificationEmail(app.mailer, tx, app.settings.appKey, app.settings.publicUrl, changed.user);
        return changed;
      });
      if (!saved) throw notFound();
      return { message: saved.emailChanged ? USERS_MESSAGES.profileEmailChanged : USERS_MESSAGES.profileUpdated, data: saved.user };
    },
  );

  /**
   * PUT /api/profile/password `{current_password, password, password_confirmation}` (signed in):
   * 200 `{message: passwordChanged}`; every other token of the user is revoked, the one of this
   * request stays. 422 `currentPasswordWrong` on `current_password`, or Persian field errors.
   */
  app.put<{ Body: PasswordChangeInput }>(
    '/api/profile/password',
    {
      config: { keepsPublicCache: true },
      onRequest: requireUser,
      schema: {
        tags: ['users'],
        summary: "Change the caller's password",
        body: passwordBody.jsonSchema,
        response: { 200: messageSchema, ...signedInErrorResponses },
      },
      preValidation: passwordBody.preValidation,
      validatorCompiler: passwordBody.validatorCompiler,
    },
    async (request) => {
      const { user, token } = await requireAuth(request);
      await changePassword(app.db, user, token, request.body);
      return { message: USERS_MESSAGES.passwordChanged };
    },
  );

  /** GET /api/profile/favorites?type=post|podcast: the liked items, newest like first; 401 visitor. */
  app.get<{ Querystring: FavoritesQuery }>(
    '/api/profile/favorites',
    {
      schema: {
        tags: ['users'],
        summary: 'Posts or podcasts the caller liked',
        querystring: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['post', 'podcast'], default: 'post' },
            ...pageQueryProperties,
          },
        },
        response: {
          // Podcasts first: a podcast also matches the post shape, a post never matches the podcast one.
          200: { anyOf: [paginatedSchema(podcastSchema), paginatedSchema(postSchema)] },
          401: errorBodySchema,
          422: errorBodySchema,
        },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const { type, ...page } = request.query;
      return type === 'podcast' ? listLikedPodcasts(app.db, user.id, page) : listLikedPosts(app.db, user.id, page);
    },
  );
};

export default profileRoutes;
