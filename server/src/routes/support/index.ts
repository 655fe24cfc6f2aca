/** FAQ/links and site information (SPEC §2 /frequently-asked-questions, /about-me, /terms-and-conditions). */
import type { FastifyPluginAsync } from 'fastify';
import type { LinkType } from '@shop/contracts';
import { commonErrorResponses, itemSchema } from '../../lib/schemas';
import { getSiteInformation, LINK_TYPES, listLinks } from '../../modules/support/support-service';

const linkSchema = {
  type: 'object',
  required: ['id', 'title', 'text', 'type'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    text: { type: 'string' },
    type: { type: 'string', enum: LINK_TYPES },
  },
} as const;

const siteInformationSchema = {
  type: 'object',
  required: ['about_me', 'terms_and_conditions', 'comments_enabled', 'tickets_enabled', 'selling_enabled'],
  properties: {
    about_me: { type: 'string', description: 'HTML' },
    terms_and_conditions: { type: 'string', description: 'HTML' },
    comments_enabled: { type: 'boolean' },
    tickets_enabled: { type: 'boolean' },
    selling_enabled: { type: 'boolean' },
  },
} as const;

const supportRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/site-information: about-me and terms HTML plus the site switches of SPEC §1. */
  app.get(
    '/api/site-information',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'Site texts and switches',
        response: { 200: itemSchema(siteInformationSchema), ...commonErrorResponses },
      },
    },
    async () => ({ data: await getSiteInformation(app.db) }),
  );

  /** GET /api/links?type=…: links of one type (FAQ tabs: product-related-question, question), or all. */
  app.get<{ Querystring: { type?: LinkType } }>(
    '/api/links',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'FAQ entries and links',
        querystring: { type: 'object', properties: { type: { type: 'string', enum: LINK_TYPES } } },
        response: {
          200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: linkSchema } } },
          ...commonErrorResponses,
        },
      },
    },
    async (request) => ({ data: await listLinks(app.db, request.query.type) }),
  );
};

export default supportRoutes;
