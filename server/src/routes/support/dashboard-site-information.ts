/**
 * The site's own pages in the dashboard (SPEC §2 /dashboard/terms-and-conditions,
 * /dashboard/site-information; §1 switches; issue 8): the terms (permission manage-terms) and the
 * site information with the three switches (permission manage-site-information). Rich text is
 * stored sanitized; scripts, event handlers and `javascript:` links answer 422. Routes delegate to
 * modules/support/support-service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  siteInformationSchema as siteInformationBodySchema,
  termsSchema as termsBodySchema,
  type SiteInformationBody,
  type TermsBody,
} from '@shop/validation';
import { itemSchema, messageItemSchema, signedInErrorResponses } from '../../lib/schemas';
import { siteInformationSchema, termsSchema } from './schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { getSiteInformation, getTerms, SUPPORT_MESSAGES, updateSiteInformation, updateTerms } from '../../modules/support';

const tags = ['support'];
const errors = signedInErrorResponses;
const termsBody = yupBody(termsBodySchema);
const siteInformationBody = yupBody(siteInformationBodySchema);

const dashboardSiteInformationRoutes: FastifyPluginAsync = async (app) => {
  const terms = { onRequest: requirePermission('manage-terms') };
  const siteInformation = { onRequest: requirePermission('manage-site-information') };

  /** GET /api/dashboard/terms-and-conditions: {data: TermsInput}, the stored (sanitized) HTML. */
  app.get(
    '/api/dashboard/terms-and-conditions',
    {
      schema: { tags, summary: 'The terms, for editing', response: { 200: itemSchema(termsSchema), ...errors } },
      ...terms,
    },
    async () => ({ data: await getTerms(app.db) }),
  );

  /** PUT /api/dashboard/terms-and-conditions TermsInput: {message, data: TermsInput} as stored; 422 unsafe or too long HTML. */
  app.put<{ Body: TermsBody }>(
    '/api/dashboard/terms-and-conditions',
    {
      schema: {
        tags,
        summary: 'Save the terms (sanitized)',
        body: termsBody.jsonSchema,
        response: { 200: messageItemSchema(termsSchema), ...errors },
      },
      ...terms,
      preValidation: termsBody.preValidation,
      validatorCompiler: termsBody.validatorCompiler,
    },
    async (request) => ({ message: SUPPORT_MESSAGES.termsSaved, data: await updateTerms(app.db, request.body.terms_and_conditions, await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/site-information: {data: SiteInformation}, the same record as the public read. */
  app.get(
    '/api/dashboard/site-information',
    {
      schema: {
        tags,
        summary: 'The site information, for editing',
        response: { 200: itemSchema(siteInformationSchema), ...errors },
      },
      ...siteInformation,
    },
    async () => ({ data: await getSiteInformation(app.db) }),
  );

  /**
   * PUT /api/dashboard/site-information SiteInformationInput: {message, data: SiteInformation};
   * the switches act on the next request; 422 field errors (a social link that is not http(s),
   * unsafe about-me HTML, an empty name …), nothing saved then.
   */
  app.put<{ Body: SiteInformationBody }>(
    '/api/dashboard/site-information',
    {
      schema: {
        tags,
        summary: 'Save the site information and switches',
        body: siteInformationBody.jsonSchema,
        response: { 200: messageItemSchema(siteInformationSchema), ...errors },
      },
      ...siteInformation,
      preValidation: siteInformationBody.preValidation,
      validatorCompiler: siteInformationBody.validatorCompiler,
    },
    async (request) => ({ message: SUPPORT_MESSAGES.siteInformationSaved, data: await updateSiteInformation(app.db, request.body, await auditContextOf(request)) }),
  );
};

export default dashboardSiteInformationRoutes;
