/**
 * The access ledger's reconciliation in the dashboard (issue 36 item 1), super users only: what the
 * last daily comparison of paid orders with access grants found, and a check run now. Routes declare
 * schemas and delegate to modules/commerce.
 */
import type { FastifyPluginAsync } from 'fastify';
import { SUPER_ONLY } from '@shop/contracts';
import { signedInErrorResponses } from '../../lib/schemas';
import { listAccessMismatches, runAccessReconciliation } from '../../modules/commerce';
import { requirePermission } from '../../plugins/app/auth';

const BASE = '/api/dashboard/access-mismatches';
const tags = ['financial-info'];

const mismatchesSchema = {
  type: 'object',
  required: ['checked_at', 'checked_items', 'data'],
  properties: {
    checked_at: { type: ['string', 'null'], format: 'date-time', description: 'When the reconciliation last ran; null: never' },
    checked_items: { type: 'integer', description: 'Paid, unrefunded order items it compared with the grants' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'user', 'product', 'order_item_id', 'grant_id'],
        properties: {
          kind: { type: 'string', enum: ['missing_grant', 'unpaid_grant'] },
          user: { type: 'object', required: ['id', 'full_name', 'email'], properties: { id: { type: 'integer' }, full_name: { type: 'string' }, email: { type: 'string' } } },
          product: { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' } } },
          order_item_id: { type: ['integer', 'null'] },
          grant_id: { type: ['integer', 'null'] },
        },
      },
    },
  },
} as const;

const dashboardAccessRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission(SUPER_ONLY) };

  /** GET /api/dashboard/access-mismatches: `AccessMismatches`, the last reconciliation's findings. */
  app.get(
    BASE,
    { schema: { tags, summary: 'What the last access reconciliation found', response: { 200: mismatchesSchema, ...signedInErrorResponses } }, ...guard },
    async () => listAccessMismatches(app.db),
  );

  /** POST /api/dashboard/access-mismatches/check: runs the reconciliation now (mailing super users when it finds anything); its findings. */
  app.post(
    `${BASE}/check`,
    { schema: { tags, summary: 'Run the access reconciliation now', response: { 200: mismatchesSchema, ...signedInErrorResponses } }, ...guard },
    async () => {
      await runAccessReconciliation(app);
      return listAccessMismatches(app.db);
    },
  );
};

export default dashboardAccessRoutes;
