/**
 * What the crash test reads once the servers are stopped (issue 10 "Load and faults"): the
 * database through plain SQL (PGlite opened on the data folder, or node-postgres) and the file
 * store as it is (the data folder's files, or the bucket's objects through the S3 API), and the
 * checks on them. Each check answers a list of problems, empty when everything holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import sharp from 'sharp';
import type { CheckoutAnswer } from '@shop/contracts';
import { createPglite } from '../../src/db/client';
import type { S3Settings } from '../../src/settings';
import type { WorkloadLog } from './crash-workload';

/** Runs SQL and answers its rows. */
export interface SqlReader {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The PGlite database of a data folder, opened in this process (the server must have exited). */
export function pgliteReader(dataDir: string): SqlReader {
  const pglite = createPglite(path.join(dataDir, 'db'));
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    close: () => pglite.close(),
  };
}

/** A PostgreSQL database. */
export async function postgresReader(url: string): Promise<SqlReader> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as T[],
    close: () => client.end(),
  };
}

/** The files of a store: public and private keys with their sizes, and unfinished writes. */
export interface StoreListing {
  public: Map<string, number>;
  private: Map<string, number>;
  /** Writes in progress or cut off (the data folder's `.partial/`), by path. */
  partials: string[];
}

/** Reads a store as it is on disk or in the bucket, without the app. */
export interface StoreReader {
  list(): Promise<StoreListing>;
  read(area: 'public' | 'private', key: string): Promise<Buffer | null>;
}

function walk(root: string, prefix = ''): Array<{ key: string; size: number }> {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return walk(path.join(root, entry.name), key);
    return [{ key, size: fs.statSync(path.join(root, entry.name)).size }];
  });
}

/** The data folder's store: `<dataDir>/uploads` and `<dataDir>/private`. */
export function localStoreReader(dataDir: string): StoreReader {
  const roots = { public: path.join(dataDir, 'uploads'), private: path.join(dataDir, 'private') };
  return {
    async list() {
      const listing: StoreListing = { public: new Map(), private: new Map(), partials: [] };
      for (const area of ['public', 'private'] as const) {
        for (const { key, size } of walk(roots[area])) {
          if (key.startsWith('.partial/')) listing.partials.push(`${area}/${key}`);
          else listing[area].set(key, size);
        }
      }
      return listing;
    },
    async read(area, key) {
      const file = path.join(roots[area], key);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
  };
}

/** A bucket's store (objects `public/<key>` and `private/<key>`), read through the S3 API. */
export function s3StoreReader(settings: S3Settings): StoreReader & { destroy(): void } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
  return {
    async list() {
      const listing: StoreListing = { public: new Map(), private: new Map(), partials: [] };
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const [area, ...rest] = object.Key!.split('/');
          if (area === 'public' || area === 'private') listing[area].set(rest.join('/'), object.Size ?? 0);
          else listing.partials.push(object.Key!);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return listing;
    },
    async read(area, key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: `${area}/${key}` }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch {
        return null;
      }
    },
    destroy: () => client.destroy(),
  };
}

/** Keys an upload writes: the only ones that can be orphans (seed media and the feed cover are the app's own). */
const UPLOADED_PUBLIC = /^(posts|podcasts|products|product-sessions)\//;
const UPLOADED_PRIVATE = /^sessions\//;
const keyOfPath = (publicPath: string) => publicPath.replace(/^\/media\//, '');

/**
 * Orders of the test's buyers (emails `crash-…`): every one whole (items, total = their sum),
 * paid exactly when it has `paid_at` and (unless free) exactly one paid attempt with a reference,
 * no attempt paid twice, no course owned twice by one buyer, nothing bought left in a cart.
 */
export async function orderProblems(db: SqlReader): Promise<string[]> {
  const problems: string[] = [];
  const report = async (what: string, sql: string) => {
    for (const row of await db.query<Record<string, unknown>>(sql)) problems.push(`${what}: ${JSON.stringify(row)}`);
  };
  const buyers = `(select id from users where email like 'crash-%')`;
  await report(
    'order without items or with a total other than their sum',
    `select o.id, o.total_price, coalesce(sum(i.price), -1) as items_total, count(i.id) as items
       from orders o left join order_items i on i.order_id = o.id
      where o.user_id in ${buyers} group by o.id having count(i.id) = 0 or o.total_price <> coalesce(sum(i.price), -1)`,
  );
  await report(
    'paid_at and payment_status disagree',
    `select id, payment_status, paid_at from orders
      where user_id in ${buyers} and ((payment_status = 'paid') <> (paid_at is not null))`,
  );
  await report(
    'paid order without exactly one paid attempt, or unpaid order with one',
    `select o.id, o.payment_status, o.total_price,
            (select count(*) from payments p where p.order_id = o.id and p.status = 'paid') as paid_attempts
       from orders o
      where o.user_id in ${buyers}
        and (select count(*) from payments p where p.order_id = o.id and p.status = 'paid')
            <> case when o.payment_status = 'paid' and o.total_price > 0 then 1 else 0 end`,
  );
  await report(
    'paid attempt without a reference, a verification time or the order total',
    `select p.id, p.order_id, p.ref_id, p.verified_at, p.amount, o.total_price
       from payments p join orders o on o.id = p.order_id
      where o.user_id in ${buyers} and p.status = 'paid'
        and (p.ref_id is null or p.verified_at is null or p.amount <> o.total_price)`,
  );
  await report(
    'course owned twice by one buyer',
    `select o.user_id, i.product_id, count(*) as times
       from order_items i join orders o on o.id = i.order_id
      where o.user_id in ${buyers} and o.payment_status = 'paid' and i.refunded_at is null
      group by o.user_id, i.product_id having count(*) > 1`,
  );
  await report(
    'bought course still in the cart',
    `select c.user_id, ci.product_id from cart_items ci join carts c on c.id = ci.cart_id
      where c.user_id in ${buyers} and exists (
        select 1 from order_items i join orders o on o.id = i.order_id
         where o.user_id = c.user_id and i.product_id = ci.product_id and o.payment_status = 'paid' and i.refunded_at is null)`,
  );
  return problems;
}

/**
 * Every acknowledged checkout's order is there as answered (same id, buyer, courses and total);
 * all answers of one key name one order; every acknowledged `paid` callback left its order paid.
 */
export async function acknowledgedOrderProblems(db: SqlReader, log: WorkloadLog): Promise<string[]> {
  const problems: string[] = [];
  for (const record of log.checkouts) {
    const acked = record.answers.filter((answer) => answer.status === 200 || answer.status === 201);
    const others = record.answers.filter((answer) => answer.status !== 200 && answer.status !== 201);
    if (others.length > 0) problems.push(`checkout ${record.key} answered ${others.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join(', ')}`);
    if (acked.filter((answer) => answer.status === 201).length > 1) problems.push(`checkout ${record.key} created two orders`);
    const orderIds = new Set(acked.map((answer) => (answer.body as { data: CheckoutAnswer }).data.order.id));
    if (orderIds.size > 1) problems.push(`checkout ${record.key} answered orders ${[...orderIds].join(', ')}`);
    const keyed = await db.query<{ id: number }>('select id from orders where user_id = $1 and idempotency_key = $2', [record.buyer.id, record.key]);
    for (const answer of acked) {
      const { order } = (answer.body as { data: CheckoutAnswer }).data;
      const [row] = await db.query<{ user_id: number; total_price: number }>('select user_id, total_price from orders where id = $1', [order.id]);
      if (!row) {
        problems.push(`acknowledged order ${order.id} (key ${record.key}) is missing`);
        continue;
      }
      const items = await db.query<{ product_id: number }>('select product_id from order_items where order_id = $1 order by product_id', [order.id]);
      const expected = [...record.productIds].sort((a, b) => a - b);
      if (row.user_id !== record.buyer.id || row.total_price !== order.total_price || items.map((i) => i.product_id).join() !== expected.join()) {
        problems.push(`acknowledged order ${order.id} differs: ${JSON.stringify({ row, items, expected, answered: order.total_price })}`);
      }
      if (keyed.length !== 1 || keyed[0]!.id !== order.id) problems.push(`key ${record.key} names ${JSON.stringify(keyed)}, answered ${order.id}`);
    }
  }
  for (const record of log.payments) {
    const paid = record.answers.filter((answer) => answer.status === 303 && answer.location?.includes('payment=paid'));
    const others = record.answers.filter((answer) => answer.status !== 303 && answer.status !== 409);
    if (paid.length > 1) problems.push(`callback ${record.token} answered paid ${paid.length} times`);
    if (others.length > 0) problems.push(`callback ${record.token} answered ${others.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join(', ')}`);
    if (paid.length === 0) continue;
    const [row] = await db.query<{ payment_status: string }>('select payment_status from orders where id = $1', [record.orderId]);
    const [attempt] = await db.query<{ status: string }>('select status from payments where authority = $1', [record.token]);
    if (row?.payment_status !== 'paid' || attempt?.status !== 'paid') {
      problems.push(`acknowledged payment of order ${record.orderId} is not paid: ${JSON.stringify({ row, attempt })}`);
    }
  }
  return problems;
}

/** Files that rows name: public keys (from `/media/…` paths) and private keys, with the row that names them. */
async function referencedFiles(db: SqlReader) {
  const rows = await db.query<{ source: string; id: number; slug: string; public_path: string | null; private_key: string | null; file_size: number | null }>(
    `select 'post' as source, id, slug, image as public_path, null as private_key, null::int as file_size from posts
     union all select 'podcast-image', id, slug, image, null, null from podcasts
     union all select 'podcast-audio', id, slug, file, null, null from podcasts
     union all select 'product', id, slug, image, null, null from products
     union all select 'session-image', id, slug, image, null, null from product_sessions
     union all select 'session-file', id, slug, null, file, file_size from product_sessions`,
  );
  return rows;
}

/**
 * The store against the database: no uploaded file that no row names (orphan), no unfinished
 * write left behind, every file a row names present, lesson files of the size their row says,
 * every image whole (it decodes to the end).
 */
export async function storeProblems(db: SqlReader, store: StoreReader): Promise<string[]> {
  const problems: string[] = [];
  const listing = await store.list();
  const rows = await referencedFiles(db);
  const publicNamed = new Set(rows.flatMap((row) => (row.public_path?.startsWith('/media/') ? [keyOfPath(row.public_path)] : [])));
  const privateNamed = new Set(rows.flatMap((row) => (row.private_key ? [row.private_key] : [])));
  for (const key of listing.public.keys()) if (UPLOADED_PUBLIC.test(key) && !publicNamed.has(key)) problems.push(`orphan file /media/${key}`);
  for (const key of listing.private.keys()) if (UPLOADED_PRIVATE.test(key) && !privateNamed.has(key)) problems.push(`orphan private file ${key}`);
  for (const partial of listing.partials) problems.push(`unfinished write left behind: ${partial}`);
  for (const row of rows) {
    if (row.public_path?.startsWith('/media/')) {
      const key = keyOfPath(row.public_path);
      if (!listing.public.has(key)) {
        problems.push(`${row.source} ${row.id} (${row.slug}) names a missing file ${row.public_path}`);
        continue;
      }
      if (/\.(webp|png)$/.test(key) && UPLOADED_PUBLIC.test(key)) {
        const bytes = await store.read('public', key);
        const whole = await sharp(bytes!, { failOn: 'truncated' })
          .raw()
          .toBuffer()
          .then(
            () => true,
            () => false,
          );
        if (!whole) problems.push(`${row.source} ${row.id} (${row.slug}): truncated image ${row.public_path}`);
      }
    }
    if (row.private_key) {
      const size = listing.private.get(row.private_key);
      if (size === undefined) problems.push(`${row.source} ${row.id} (${row.slug}) names a missing lesson file ${row.private_key}`);
      else if (row.file_size !== null && size !== row.file_size) {
        problems.push(`${row.source} ${row.id} (${row.slug}): lesson file of ${size} bytes, the row says ${row.file_size}`);
      }
    }
  }
  return problems;
}

/**
 * Every acknowledged dashboard write is there: created rows with their files (audio and lesson
 * files byte for byte as sent), updates' new files in place of the old, deletes gone with their
 * files; and a row the test wrote whose answer never came holds exactly what was sent, or is absent.
 */
export async function acknowledgedUploadProblems(db: SqlReader, store: StoreReader, log: WorkloadLog): Promise<string[]> {
  const problems: string[] = [];
  for (const record of log.uploads) {
    const { answer } = record;
    const acked = answer !== null && answer.status >= 200 && answer.status < 300;
    if (answer && !acked) problems.push(`${record.action} ${record.kind} ${record.slug} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    const table = { post: 'posts', podcast: 'podcasts', session: 'product_sessions' }[record.kind];
    const [row] = await db.query<{ id: number; image: string | null; file: string | null; file_size: number | null }>(
      `select id, image, ${record.kind === 'post' ? 'null as file, null::int as file_size' : `file, ${record.kind === 'session' ? 'file_size' : 'null::int as file_size'}`} from ${table} where slug = $1`,
      [record.slug],
    );
    if (record.action === 'delete') {
      if (acked && row) problems.push(`acknowledged delete of post ${record.id} left the row`);
      continue;
    }
    if (!row) {
      if (acked) problems.push(`acknowledged ${record.action} of ${record.kind} ${record.slug} is missing`);
      continue;
    }
    const data = acked ? (answer.body as { data: { id: number; image?: string | null; file?: string | null } }).data : null;
    if (data && (data.id !== row.id || (data.image !== undefined && data.image !== row.image))) {
      problems.push(`acknowledged ${record.action} of ${record.kind} ${record.slug} answered ${JSON.stringify(data)}, the row is ${JSON.stringify(row)}`);
    }
    if (record.kind === 'podcast' && data && data.file !== row.file) problems.push(`podcast ${record.slug}: answered file ${data.file}, row ${row.file}`);
    if (!record.exact) continue;
    // The bytes as sent: the podcast's audio (public) or the session's lesson file (private).
    const stored = !row.file
      ? null
      : record.kind === 'podcast'
        ? await store.read('public', keyOfPath(row.file))
        : await store.read('private', row.file);
    const changed = record.action === 'create' || acked;
    if (changed && !stored?.equals(record.exact)) {
      problems.push(`${record.kind} ${record.slug}: the stored file is not what was sent (${stored?.length ?? 'missing'} of ${record.exact.length} bytes)`);
    }
    if (record.kind === 'session' && changed && row.file_size !== record.exact.length) {
      problems.push(`session ${record.slug}: file_size ${row.file_size}, sent ${record.exact.length}`);
    }
  }
  return problems;
}
