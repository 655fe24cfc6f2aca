/**
 * Outgoing mail (DESIGN.md "Outside services"): nodemailer over SMTP when `SMTP_URL` is set,
 * else the embedded default writes each message as an `.eml` file in `<DATA_DIR>/outbox/` and
 * logs its path. Mail never holds up or undoes the account change that caused it: callers commit
 * first, then hand the message to {@link Mailer.sendLater}, which retries in the background.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { createTransport } from 'nodemailer';
import type { AppSettings } from '../../settings';

/** One message: recipient, subject, and the same words as RTL HTML and as plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Waits before the second and third tries of a send (issue 7: a few tries with a growing delay). */
export const MAIL_RETRY_DELAYS_MS = [500, 2000] as const;

/** Sends mail in the background; available as `app.mailer`. */
export interface Mailer {
  /**
   * Sends `message` after the current request, trying up to three times; failures are logged,
   * never thrown. Resolves true once sent, false when every try failed (the resend page and a
   * new reset request are how a user recovers).
   */
  sendLater(message: MailMessage): Promise<boolean>;
  /** Resolves when every send started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Waits for pending sends, then closes the transport. */
  close(): Promise<void>;
}

type Deliver = (message: MailMessage & { from: string }) => Promise<void>;

/** Writes each message to `<outboxDir>/<ISO time>-<random>.eml` (colons of the time as `-`). */
function outboxDelivery(outboxDir: string, log: FastifyBaseLogger): { deliver: Deliver; close: () => void } {
  const transport = createTransport({ streamTransport: true, buffer: true });
  return {
    deliver: async (message) => {
      const info = await transport.sendMail(message);
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(outboxDir, name);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ mail: file, to: message.to }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}

function smtpDelivery(url: string, log: FastifyBaseLogger): { deliver: Deliver; close: () => void } {
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    deliver: async (message) => {
      const info = await transport.sendMail(message);
      log.info({ messageId: info.messageId, to: message.to }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * The mailer of the settings: SMTP (`smtpUrl`) or the `.eml` outbox (`outboxDir`), sending
 * from `mailFrom`. `retryDelaysMs` are the waits between tries (default {@link MAIL_RETRY_DELAYS_MS}).
 */
export function createMailer(
  settings: Pick<AppSettings, 'smtpUrl' | 'outboxDir' | 'mailFrom'>,
  log: FastifyBaseLogger,
  retryDelaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS,
): Mailer {
  const { deliver, close } = settings.smtpUrl
    ? smtpDelivery(settings.smtpUrl, log)
    : outboxDelivery(settings.outboxDir, log);
  const pending = new Set<Promise<boolean>>();

  const sendWithRetries = async (message: MailMessage): Promise<boolean> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await deliver({ ...message, from: settings.mailFrom });
        return true;
      } catch (err) {
        const delay = retryDelaysMs[attempt];
        if (delay === undefined) {
          log.error({ err, to: message.to, subject: message.subject, tries: attempt + 1 }, 'mail not sent');
          return false;
        }
        log.warn({ err, to: message.to, tries: attempt + 1 }, 'mail failed; trying again');
        await sleep(delay);
      }
    }
  };

  const idle = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };

  return {
    sendLater(message) {
      // setImmediate: the answer of the request that caused the mail is not delayed by it.
      const sending = new Promise<void>((resolve) => setImmediate(resolve)).then(() => sendWithRetries(message));
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
      return sending;
    },
    idle,
    async close() {
      await idle();
      close();
    },
  };
}

/** Origin of absolute links in mails: PUBLIC_URL, else the request's protocol and host. */
export function linkOrigin(request: FastifyRequest): string {
  return request.server.settings.publicUrl ?? `${request.protocol}://${request.host}`;
}
