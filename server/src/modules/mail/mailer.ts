/**
 * Outgoing mail (DESIGN.md "Outside services"): nodemailer over SMTP when `SMTP_URL` is set,
 * else the embedded default writes each message as an `.eml` file in `<DATA_DIR>/outbox/` and
 * logs its path. Callers hand the message to {@link Mailer.sendLater} inside the transaction of
 * the change that causes it, which queues it as a job (`app.jobs`, lib/job-queues.ts) in that
 * transaction: the mail commits or rolls back with the change (issue 26), and delivery never holds
 * the change up. (Two account mails have no change to join: a resent verification link, and a
 * reset code, queued after its code is saved and not awaited, so that the answer takes as long
 * whether or not an account exists.) The job is a row of the database: an SMTP server that is away, or a
 * restart of the process, delays a mail but never loses it (issue 23); it is tried again with a
 * growing delay for about six hours, under one Message-ID, so that a retry after an SMTP server
 * took the message but the answer was lost is the same message to the receiver, not a second one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import writeFileAtomic from 'write-file-atomic';
import { createTransport } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { SessionConnection } from '../../db/session-connection';
import { MAIL_RETRY, type AppSettings, type JobRetry } from '../../settings';
import type { JobQueue } from '../../lib/job-queues';
import type { Mailer, MailMessage } from '../../lib/mail';
import { sendWithUnsubscribe, wantsMail } from './mail-preferences';

/** A queued message: the message and the Message-ID every try of it sends. */
interface QueuedMail extends MailMessage {
  messageId: string;
}

/** The job queue's name for outgoing mail. */
export const MAIL_QUEUE = 'mail';


/**
 * PostgreSQL channel that announces a queued mail. A notification sent in a transaction is
 * delivered at its commit, to every replica listening: the mail workers fetch the job as soon as it
 * can be seen, not at their next poll.
 */
const MAIL_QUEUED_CHANNEL = 'mail_queued';

/** Longest one try may take before the queue counts it failed and tries again, seconds. */
const MAIL_TRY_TIMEOUT_S = 120;

type Deliver = (message: MailMessage & { from: string; messageId: string }) => Promise<void>;

/**
 * Writes each message to `<outboxDir>/<ISO time>-<random>.eml` (colons of the time as `-`), whole
 * (write-file-atomic: a temporary file renamed into place), so a reader never finds half of one.
 */
function outboxDelivery(outboxDir: string, log: FastifyBaseLogger): { deliver: Deliver; close: () => void } {
  const transport = createTransport({ streamTransport: true, buffer: true });
  return {
    deliver: async (message) => {
      const info = await transport.sendMail(message);
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await writeFileAtomic(file, info.message as Buffer);
      log.info({ mail: file, to: message.to }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

/** How long the SMTP connection stays open after the last mail, ms. */
const SMTP_IDLE_MS = 30_000;

/**
 * Delivery over SMTP on one pooled connection, kept open while mails follow each other: a new
 * connection per mail costs its handshake and the server's greeting, which servers hold back (by
 * 100 ms and more) to catch clients that talk too soon, so that a batch of 20 took over 2 s. A
 * connection the server closed meanwhile is replaced, and its mail sent on the next one.
 */
function smtpDelivery(url: string, log: FastifyBaseLogger): { deliver: Deliver; close: () => void } {
  const transport = createTransport({
    url,
    pool: true,
    maxConnections: 1,
    idleTimeout: SMTP_IDLE_MS,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    deliver: async (message) => {
      const info = await transport.sendMail(message);
      log.info({ messageId: info.messageId, to: message.to }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * The mailer of the settings: SMTP (`smtpUrl`) or the `.eml` outbox (`outboxDir`), sending from
 * `mailFrom`, its messages queued on `jobs` and sent by a worker of this process (any replica's
 * worker may take a queued mail). `session` is the process's PostgreSQL session connection, on
 * which the worker listens for queued mail; undefined on PGlite.
 */
export async function createMailer(
  settings: Pick<AppSettings, 'smtpUrl' | 'outboxDir' | 'mailFrom' | 'appKey'>,
  log: FastifyBaseLogger,
  jobs: JobQueue,
  session: SessionConnection | undefined,
  retry: JobRetry = MAIL_RETRY,
): Promise<Mailer> {
  const { deliver, close } = settings.smtpUrl ? smtpDelivery(settings.smtpUrl, log) : outboxDelivery(settings.outboxDir, log);
  const queue = { name: MAIL_QUEUE, retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: true, expireInSeconds: MAIL_TRY_TIMEOUT_S };
  await jobs.declare(queue);
  const domain = /@([^>\s]+)/.exec(settings.mailFrom)?.[1] ?? 'localhost';
  let lastTryFailed = false;

  await jobs.work<QueuedMail>(MAIL_QUEUE, async (job) => {
    const { messageId, ...message } = job.data;
    try {
      await deliver({ ...message, messageId, from: settings.mailFrom });
      lastTryFailed = false;
    } catch (err) {
      lastTryFailed = true;
      const tries = job.retryCount + 1;
      if (job.retryCount >= job.retryLimit) log.error({ err, to: message.to, subject: message.subject, tries }, 'mail not sent');
      else log.warn({ err, to: message.to, tries }, 'mail failed; trying again');
      throw err;
    }
  });

  await session?.use(async (client) => {
    client.on('notification', (notification) => {
      if (notification.channel === MAIL_QUEUED_CHANNEL) jobs.wake(MAIL_QUEUE);
    });
    await client.query(`LISTEN ${MAIL_QUEUED_CHANNEL}`);
  });

  const mailer: Mailer = {
    async sendLater(db, message) {
      await jobs.send(MAIL_QUEUE, { ...message, messageId: `<${randomUUID()}@${domain}>` } satisfies QueuedMail, { tx: db });
      if (session) await db.execute(sql`select pg_notify(${MAIL_QUEUED_CHANNEL}, '')`);
      else jobs.wake(MAIL_QUEUE);
    },
    wants: wantsMail,
    sendToUser: (tx, { userId, kind, origin }, build) => sendWithUnsubscribe(mailer, tx, settings.appKey, origin, { userId, kind }, build),
    deliveryState: () => (lastTryFailed ? 'failing' : 'ok'),
    async idle() {
      await jobs.idle(MAIL_QUEUE);
    },
    async close() {
      await jobs.stop(MAIL_QUEUE);
      close();
    },
  };
  return mailer;
}

