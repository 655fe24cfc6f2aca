/**
 * Public reads of running the site (SPEC §1, §2 /frequently-asked-questions, /about-me,
 * /terms-and-conditions; issue 8): the site information with its switches, links by type and the
 * announcements to show.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LINK_TYPES, type LinkType } from '@shop/contracts';
import { commonErrorResponses, itemSchema } from '../../lib/schemas';
import { linkSchema, publicAnnouncementSchema, siteInformationSchema } from './schemas';
import { getSiteInformation, listLinks, listPublicAnnouncements } from '../../modules/support';

/** `{ data: T[] }` of the public lists. */
function listOf(item: object) {
  return { type: 'object', required: ['data'], properties: { data: { type: 'array', items: item } } } as const;
}

const publicPagesRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/site-information: Item<SiteInformation> — name, texts, contact details, social links and the switches of SPEC §1. */
  app.get(
    '/api/site-information',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'Site information and switches',
        response: { 200: itemSchema(siteInformationSchema), ...commonErrorResponses },
      },
    },
    async () => ({ data: await getSiteInformation(app.db) }),
  );

  /** GET /api/links?type=…: `{data: Link[]}` of one type (FAQ tabs: product-related-question, question; footer: link), or all; 422 unknown type. */
  app.get<{ Querystring: { type?: LinkType } }>(
    '/api/links',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'FAQ entries and links',
        querystring: { type: 'object', properties: { type: { type: 'string', enum: [...LINK_TYPES] } } },
        response: { 200: listOf(linkSchema), ...commonErrorResponses },
      },
    },
    async (request) => ({ data: await listLinks(app.db, request.query.type) }),
  );

  /** GET /api/announcements: `{data: PublicAnnouncement[]}` — active and not expired, newest first (the public banner). */
  app.get(
    '/api/announcements',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'Announcements to show',
        response: { 200: listOf(publicAnnouncementSchema), ...commonErrorResponses },
      },
    },
    async () => ({ data: await listPublicAnnouncements(app.db) }),
  );
};

export default publicPagesRoutes;
