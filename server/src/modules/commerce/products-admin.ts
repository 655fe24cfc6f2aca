/**
 * Dashboard courses (issue 6; SPEC §2 /dashboard/products, §4): list, create and update from the
 * multipart form checked with the shared `productSchema`, and delete, refused once the course
 * was sold. Permission manage-products is checked by the routes.
 */
import { eq } from 'drizzle-orm';
import type { Paginated, Product } from '@shop/contracts';
import { productSchema } from '@shop/validation';
import type { Db } from '../../db/client';
import { orderItems, products, productSessions } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { foreignKeyViolation } from '../../lib/db-errors';
import type { DashboardListQuery } from '../../lib/list-order';
import { COMMERCE_MESSAGES } from './messages';
import { searchColumnsOf } from '../../lib/text';
import { newKey, toWebp, type FormBody } from '../../lib/uploads';
import { checkForm } from '../../lib/dashboard-form';
import type { StoredFiles } from '../../lib/stored-files';
import type { AuditContext } from '../../lib/audit-trail';
import { productSessionTable, productTable } from './products-service';
import { discardSessionFiles, sessionFileColumns } from './product-sessions-admin';

/** A page of courses, inactive ones included, for `GET /api/dashboard/products` (q in title or slug). */
export function listProductsForDashboard(db: Db, query: DashboardListQuery): Promise<Paginated<Product>> {
  return productTable.listForDashboard(db, query);
}

/** One course, active or not (dashboard), or null. */
export function getProductForDashboard(db: Db, id: number): Promise<Product | null> {
  return productTable.getForDashboard(db, id);
}

/** The columns of a course the audit log keeps before and after a change (issue 26). */
const audited = {
  title: products.title,
  slug: products.slug,
  description: products.description,
  price: products.price,
  product_status: products.product_status,
  is_active: products.is_active,
  comment_status: products.comment_status,
  forensic_watermark: products.forensic_watermark,
  image: products.image,
};

async function checkProductForm(form: FormBody, requiredFiles: readonly string[]) {
  const fields = await checkForm(productSchema, form, requiredFiles);
  return { ...fields, ...searchColumnsOf(fields.title, fields.description) };
}

/**
 * Creates a course from the dashboard form: fields checked (422; price in whole tomans ≥ 0),
 * image required and re-encoded to WebP (415/413), slug unique (422). The image is removed
 * again when the insert fails. Audited.
 */
export async function createProduct(db: Db, files: StoredFiles, form: FormBody, audit: AuditContext): Promise<Product> {
  const values = await checkProductForm(form, ['image']);
  await productTable.assertSlugFree(db, values.slug);
  const webp = await toWebp(form.files.image!);
  const id = await files.write(db, [{ key: newKey('products', 'webp'), buffer: webp }], async (tx, [image]) => {
    const [row] = await productTable.saving(() =>
      tx
        .insert(products)
        .values({ ...values, image })
        .returning({ id: products.id, ...audited }),
    );
    const { id: productId, ...after } = row!;
    await audit.record(tx, { entity: 'product', id: productId, action: 'create', after });
    return productId;
  });
  return (await getProductForDashboard(db, id))!;
}

/**
 * Updates a course from the dashboard form; the image is replaced only when one is sent (the old
 * file is then deleted). A new price applies to later orders only. Any failure leaves the row
 * and the files as they were. Audited.
 */
export async function updateProduct(db: Db, files: StoredFiles, id: number, form: FormBody, audit: AuditContext): Promise<Product> {
  const [current] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!current) throw notFound();
  const values = await checkProductForm(form, []);
  await productTable.assertSlugFree(db, values.slug, id);
  const upload = form.files.image ? [{ key: newKey('products', 'webp'), buffer: await toWebp(form.files.image) }] : [];
  await files.write(db, upload, async (tx, [image], discard) => {
    // The image replaced is read in the transaction, locked: of two concurrent updates each discards what it replaced.
    const [old] = await tx.select(audited).from(products).where(eq(products.id, id)).for('update');
    if (!old) throw notFound();
    const [after] = await productTable.saving(() =>
      tx
        .update(products)
        .set({ ...values, ...(image ? { image } : {}), updated_at: new Date() })
        .where(eq(products.id, id))
        .returning(audited),
    );
    await audit.record(tx, { entity: 'product', id, action: 'update', before: old, after });
    if (image) discard.publicPath(old.image);
  });
  return (await getProductForDashboard(db, id))!;
}

const productHasOrders = () => new ApiError(422, COMMERCE_MESSAGES.productHasOrders);

/**
 * Deletes a course with its sessions, their likes, comments and files, and its own likes,
 * comments and image, in one transaction, audited (the sessions go with the course, unaudited one by one).
 * @throws ApiError 404 when unknown; 422 `productHasOrders` when any order has it (nothing deleted:
 * past orders keep their items, so a sold course is made inactive instead).
 */
export async function deleteProduct(db: Db, files: StoredFiles, id: number, audit: AuditContext): Promise<void> {
  let row: { image: string | null } | undefined;
  try {
    row = await files.write(db, [], async (outer, _paths, discard) => {
      const deleted = await productTable.remove(outer, id, audited, async (tx) => {
        const [sold] = await tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.product_id, id)).limit(1);
        if (sold) throw productHasOrders();
        const sessions = await tx
          .select({ id: productSessions.id, ...sessionFileColumns })
          .from(productSessions)
          .where(eq(productSessions.product_id, id));
        for (const session of sessions) {
          await productSessionTable.remove(tx, session.id, { id: productSessions.id });
          discardSessionFiles(discard, session);
        }
      });
      if (deleted) await audit.record(outer, { entity: 'product', id, action: 'delete', before: deleted });
      discard.publicPath(deleted?.image);
      return deleted;
    });
  } catch (error) {
    // An order written between the check and the delete: the foreign key refuses the delete.
    if (foreignKeyViolation(error) !== null) throw productHasOrders();
    throw error;
  }
  if (!row) throw notFound();
}
