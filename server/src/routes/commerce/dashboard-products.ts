/**
 * Dashboard courses (SPEC §2 /dashboard/products; issue 6): list with search and sort, create and
 * update from multipart forms, delete (refused once sold). Permission manage-products (super passes).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import type { DashboardListQuery } from '../../lib/list-order';
import { parseId } from '../../lib/pagination';
import { productSchema } from './schemas';
import { readForm } from '../../lib/uploads';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { COMMERCE_MESSAGES, createProduct, deleteProduct, getProductForDashboard, listProductsForDashboard, updateProduct } from '../../modules/commerce';
import { dashboardContentSchemas } from '../content/dashboard-schemas';

const dashboardProductsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-products') };
  const s = dashboardContentSchemas('products', productSchema, {
    tag: 'commerce',
    formDescription:
      'multipart/form-data: title, slug, description (HTML, sanitized), price (whole tomans ≥ 0; Persian or Arabic-Indic digits accepted), is_active ("true"/"false"), product_status (in-progress|done|expired), comment_status (open|closed|buyers-only), forensic_watermark ("true"/"false", default true: its video lessons get B segments, issue 38), image (file, required on create).',
  });
  const form = (request: Parameters<typeof readForm>[0]) => readForm(request, { image: app.settings.uploadLimits.imageKb });

  /** GET /api/dashboard/products: Paginated<Product> including inactive ones (`q`, `sort`). */
  app.get<{ Querystring: DashboardListQuery }>('/api/dashboard/products', { schema: s.list, ...guard }, (request) =>
    listProductsForDashboard(app.db, request.query),
  );

  /** POST /api/dashboard/products (multipart): 201 {data: Product}; 413/415 image, 422 fields or duplicate slug. */
  app.post('/api/dashboard/products', { schema: s.create, ...guard }, async (request, reply) =>
    reply.code(201).send({ data: await createProduct(app.db, app.files, await form(request), await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/products/:id: {data: Product}, active or not. */
  app.get<{ Params: { id: string } }>('/api/dashboard/products/:id', { schema: s.get, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    const product = id === null ? null : await getProductForDashboard(app.db, id);
    if (!product) throw notFound();
    return { data: product };
  });

  /** PUT /api/dashboard/products/:id (multipart): {data: Product}; image optional (kept when absent). */
  app.put<{ Params: { id: string } }>('/api/dashboard/products/:id', { schema: s.update, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    return { data: await updateProduct(app.db, app.files, id, await form(request), await auditContextOf(request)) };
  });

  /** DELETE /api/dashboard/products/:id: {message}; 422 once sold; its sessions, files, likes and comments go too. */
  app.delete<{ Params: { id: string } }>('/api/dashboard/products/:id', { schema: s.remove, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    await deleteProduct(app.db, app.files, id, await auditContextOf(request));
    return { message: COMMERCE_MESSAGES.productDeleted };
  });
};

export default dashboardProductsRoutes;
