/**
 * Outgoing SMS (issue 26 "Sign-in by SMS code"; DESIGN.md "Outside services"), shaped like the
 * mailer (modules/mail/mailer.ts): `SMS_PROVIDER=smsir` sends through sms.ir's verify (OTP) API,
 * else the embedded default writes each message as a JSON file (`{to, text, template, parameters, time}`) in
 * `<DATA_DIR>/sms-outbox/` and logs its path. Callers commit first, then hand the message to
 * {@link SmsSender.sendLater}, which queues it as a job (`app.jobs`, lib/job-queues.ts): a
 * provider that is away, or a restart, delays a message but never loses it; it is tried again with
 * a growing delay, and dropped once it has expired (a late code, a reminder after its date, is of no use).
 *
 * sms.ir's verify API (https://apidocs.sms.ir, "ارسال پیامک وریفای"): `POST <base>/v1/send/verify`
 * with the headers `X-API-KEY` and `Accept: application/json` and the body
 * `{mobile: "09…", templateId, parameters: [{name, value}]}`; it answers HTTP 200 with
 * `{status: 1, message, data: {messageId, cost}}`, else 400 (a logical error), 401 (the key),
 * 429 (too many requests) or 500, each with `{status, message, data: null}`. The text itself is
 * the template's, kept in the sms.ir panel: the sign-in code's takes `CODE` (SMSIR_TEMPLATE_ID), the
 * instalment reminder's `COURSE`, `AMOUNT` and `DATE` (SMSIR_INSTALMENT_REMINDER_TEMPLATE_ID; without
 * it reminders go by mail only and their SMS are dropped with a warning).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import writeFileAtomic from 'write-file-atomic';
import type { JobQueue } from '../../lib/job-queues';
import type { SmsSettings } from '../../settings';
import type { SmsMessage, SmsSender } from '../../lib/sms';

/** The job queue's name for outgoing SMS. */
export const SMS_QUEUE = 'sms';

/** Longest one try may take, seconds (the HTTP request is cut at 10). */
const SMS_TRY_TIMEOUT_S = 30;
const SMSIR_TIMEOUT_MS = 10_000;

type Deliver = (message: SmsMessage) => Promise<void>;

/**
 * Writes each message to `<outboxDir>/<ISO time>-<random>.json` (colons of the time as `-`), whole
 * (write-file-atomic: a temporary file renamed into place), so a reader never finds half of one.
 */
function outboxDelivery(outboxDir: string, log: FastifyBaseLogger): Deliver {
  return async (message) => {
    await fs.mkdir(outboxDir, { recursive: true });
    const time = new Date().toISOString();
    const file = path.join(outboxDir, `${time.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`);
    await writeFileAtomic(file, JSON.stringify({ to: message.to, text: message.text, template: message.template, parameters: message.parameters, time }, null, 2));
    log.info({ sms: file, to: message.to }, 'SMS written to the outbox');
  };
}

/** sms.ir wants the national form of an Iranian mobile: +98912… → 0912…. */
function nationalMobile(e164: string): string {
  return e164.startsWith('+98') ? `0${e164.slice(3)}` : e164;
}

/** Sends through sms.ir's verify API (see the file's comment); any answer but HTTP 200 with status 1 throws. */
function smsirDelivery(smsir: SmsSettings['smsir'], log: FastifyBaseLogger): Deliver {
  if (!smsir.apiKey || !smsir.templateId) throw new Error('SMS_PROVIDER=smsir needs SMSIR_API_KEY and SMSIR_TEMPLATE_ID');
  const { apiKey } = smsir;
  const templateIds: Record<SmsMessage['template'], number | undefined> = {
    'sign-in-code': smsir.templateId,
    'instalment-reminder': smsir.instalmentReminderTemplateId,
  };
  return async (message) => {
    const templateId = templateIds[message.template];
    if (templateId === undefined) {
      log.warn({ to: message.to, template: message.template }, 'SMS dropped: sms.ir has no template for it');
      return;
    }
    const parameters = Object.entries(message.parameters).map(([name, value]) => ({ name, value }));
    const response = await fetch(`${smsir.baseUrl}/v1/send/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ mobile: nationalMobile(message.to), templateId, parameters }),
      signal: AbortSignal.timeout(SMSIR_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as { status?: number; message?: string; data?: { messageId?: number } } | null;
    if (response.status !== 200 || answer?.status !== 1) {
      throw new Error(`sms.ir refused the message: HTTP ${response.status}, status ${answer?.status}, ${answer?.message ?? ''}`);
    }
    log.info({ messageId: answer.data?.messageId, to: message.to }, 'SMS sent');
  };
}

/**
 * The SMS sender of the settings, its messages queued on `jobs` and sent by a worker of this
 * process (any replica's worker may take a queued message).
 * @throws Error when `smsir` is chosen without its key or template id (the server does not start).
 */
export async function createSmsSender(settings: SmsSettings, log: FastifyBaseLogger, jobs: JobQueue): Promise<SmsSender> {
  const deliver = settings.provider === 'smsir' ? smsirDelivery(settings.smsir, log) : outboxDelivery(settings.outboxDir, log);
  const { retryLimit, retryDelaySeconds } = settings.retry;
  const queue = { name: SMS_QUEUE, retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, expireInSeconds: SMS_TRY_TIMEOUT_S };
  await jobs.declare(queue);

  await jobs.work<SmsMessage>(SMS_QUEUE, async (job) => {
    const message = job.data;
    if (new Date(message.expiresAt) <= new Date()) {
      log.warn({ to: message.to, template: message.template }, 'SMS dropped: it expired before it could be sent');
      return;
    }
    try {
      await deliver(message);
    } catch (err) {
      const tries = job.retryCount + 1;
      if (job.retryCount >= job.retryLimit) log.error({ err, to: message.to, tries }, 'SMS not sent');
      else log.warn({ err, to: message.to, tries }, 'SMS failed; trying again');
      throw err;
    }
  });

  return {
    async sendLater(message) {
      try {
        await jobs.send(SMS_QUEUE, message);
      } catch (err) {
        log.error({ err, to: message.to }, 'SMS not queued');
        return;
      }
      jobs.wake(SMS_QUEUE);
    },
    async idle() {
      await jobs.idle(SMS_QUEUE);
    },
    async close() {
      await jobs.stop(SMS_QUEUE);
    },
  };
}
