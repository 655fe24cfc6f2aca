/**
 * Upgrading a database of pg-boss 10 in place (lib/upgrade-from-pg-boss-10.ts): the server starts
 * on a database whose queue pg-boss 10.4.2 itself installed and filled (the package `pg-boss-10`,
 * a development dependency for this test only), and the jobs queued there are done by the new
 * queue: queued mails reach the SMTP server, a deferred job and a schedule stay as they were.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import PgBoss10 from 'pg-boss-10';
import { buildApp } from '../../src/app';
import { MAIL_QUEUE } from '../../src/modules/mail/mailer';
import { verificationMail } from '../../src/modules/auth/mails';
import { pgliteFromImage, postgresFromImage } from '../helpers/database-images';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { DB_TARGETS, tempDir, type DbTarget } from '../helpers/test-app';

/** A queue the app does not declare, holding a job deferred by an hour and a daily schedule. */
const LEGACY_QUEUE = 'legacy-report';

/** What pg-boss 10 left: the ids of its queued mails and of the deferred job. */
interface Queued {
  mails: Array<{ id: string; messageId: string }>;
  deferred: string;
  startAfter: Date;
}

/** Raw SQL on the test's database, the way each target runs it. */
type RunSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Fills the database behind `boss` the way a server on pg-boss 10 did: three mails and a deferred job. */
async function fillWithPgBoss10(boss: PgBoss10): Promise<Queued> {
  await boss.start();
  await boss.createQueue(MAIL_QUEUE, { name: MAIL_QUEUE, retryLimit: 11, retryDelay: 10, retryBackoff: true });
  await boss.createQueue(LEGACY_QUEUE, { name: LEGACY_QUEUE, retryLimit: 1 });
  const mails = [];
  for (let n = 1; n <= 3; n++) {
    const messageId = `<before-upgrade-${n}@localhost>`;
    const message = verificationMail({ to: `reader${n}@example.com`, fullName: 'خواننده', link: 'https://shop.example/v?token=a.b', ttlMinutes: 60 });
    const id = await boss.send(MAIL_QUEUE, { ...message, messageId });
    mails.push({ id: id!, messageId });
  }
  const startAfter = new Date(Date.now() + 60 * 60 * 1000);
  const deferred = (await boss.send(LEGACY_QUEUE, { report: 'monthly' }, { startAfter }))!;
  await boss.schedule(LEGACY_QUEUE, '0 4 * * *', { report: 'daily' }, { tz: 'Asia/Tehran' });
  await boss.stop({ graceful: false, wait: true });
  return { mails, deferred, startAfter };
}

/** A database of `target` with the app's tables and pg-boss 10's filled schema, and the app's options to open it. */
async function databaseOfPgBoss10(target: DbTarget): Promise<{ queued: Queued; open: { pglite: PGlite } | { databaseUrl: string }; runSql: RunSql }> {
  if (target === 'postgres') {
    const url = process.env.DATABASE_URL!;
    await postgresFromImage(url, 'bare');
    const runSql: RunSql = async (text, values) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(text, values);
      } finally {
        await client.end();
      }
    };
    await runSql('drop schema pgboss cascade');
    const queued = await fillWithPgBoss10(new PgBoss10({ connectionString: url, supervise: false, schedule: false }));
    return { queued, open: { databaseUrl: url }, runSql };
  }
  const pglite = await pgliteFromImage('bare');
  const runSql: RunSql = async (text, values) => (values?.length ? pglite.query(text, values) : ((await pglite.exec(text)).at(-1) ?? { rows: [] }));
  await runSql('drop schema pgboss cascade');
  const queued = await fillWithPgBoss10(new PgBoss10({ db: { executeSql: runSql }, supervise: false, schedule: false }));
  return { queued, open: { pglite }, runSql };
}

describe.each(DB_TARGETS)('a database of pg-boss 10 on %s', (target) => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(() => smtp.close());

  it.each([
    ['at the first start on it', false],
    ['at the start after one cut off once the old schema was set aside', true],
  ])('is upgraded in place %s: its queued jobs are done by the new queue', async (_, cutOff) => {
    const { queued, open, runSql } = await databaseOfPgBoss10(target);
    if (cutOff) await runSql('alter schema pgboss rename to pgboss_v10');
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ dataDir: tempDir(), logger: false, serveStatic: false, seed: false, demoLesson: false, smtpUrl: smtp.url, ...open });
      for (const { messageId } of queued.mails) await smtp.waitForMail((received) => received.parsed.messageId === messageId, 30_000);
      await app.mailer.idle();
      for (const { id } of queued.mails) expect((await app.jobs.find(MAIL_QUEUE, { id }))[0]?.state).toBe('completed');
      expect(smtp.messages).toHaveLength(3);

      const [deferred] = await app.jobs.find<{ report: string }>(LEGACY_QUEUE, { id: queued.deferred });
      expect(deferred).toMatchObject({ state: 'created', data: { report: 'monthly' } });
      expect(new Date(deferred!.startAfter).getTime()).toBe(queued.startAfter.getTime());
      expect(await app.jobs.schedules(LEGACY_QUEUE)).toMatchObject([{ cron: '0 4 * * *', timezone: 'Asia/Tehran', data: { report: 'daily' } }]);
      const [installed] = (await runSql('select version from pgboss.version')).rows as Array<{ version: number }>;
      expect(installed!.version).toBeGreaterThan(24);
      expect((await runSql(`select to_regnamespace('pgboss_v10') as old`)).rows).toEqual([{ old: null }]);
    } finally {
      await app?.close();
    }
  }, 120_000);
});
