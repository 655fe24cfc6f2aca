import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { Client } from 'pg';
import { resetCodeMail, verificationMail } from '../../../src/modules/auth/mails';
import { DB_TARGETS, buildTestApp, csrfHeaders, tempDir } from '../../helpers/test-app';
import { closedSmtpUrl, startSmtpServer } from '../../helpers/smtp';

const message = verificationMail({
  to: 'reader@example.com',
  fullName: 'خواننده <b>',
  link: 'https://shop.example/verification?token=abc.def',
  ttlMinutes: 60,
});

describe.each(DB_TARGETS)('mail outbox (the embedded default) on %s', (target) => {
  it('writes the register mail as an .eml file in <DATA_DIR>/outbox and logs its path', async () => {
    const dataDir = tempDir();
    const lines: Array<Record<string, unknown>> = [];
    const app = await buildTestApp(target, {
      dataDir,
      publicUrl: 'https://shop.example/',
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: await csrfHeaders(app),
        payload: { full_name: 'علی صندوق', email: 'outbox@example.com', password: 'Secret123', password_confirmation: 'Secret123' },
      });
      expect(response.statusCode).toBe(201);
      await app.mailer.idle();

      const outbox = path.join(dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
      const file = path.join(outbox, files[0]!);
      expect(lines.some((l) => l.msg === 'mail written to the outbox' && l.mail === file)).toBe(true);

      const parsed = await simpleParser(fs.readFileSync(file));
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('outbox@example.com');
      expect(parsed.from?.value[0]).toEqual({ name: 'آکادمی نوشتار', address: 'no-reply@localhost' });
      expect(parsed.html).toContain('<html dir="rtl" lang="fa">');
      expect(parsed.html).toContain('علی صندوق');
      // PUBLIC_URL wins over the request's host for absolute links.
      expect(parsed.text).toMatch(/https:\/\/shop\.example\/verification\?token=[\w-]+\.[\w-]+/);
    } finally {
      await app.close();
    }
  });

  if (target === 'postgres') {
    it('announces a mail queued in a transaction to every replica at the commit, not before', async () => {
      const dataDir = tempDir();
      const app = await buildTestApp(target, { dataDir });
      const listener = new Client({ connectionString: process.env.DATABASE_URL });
      const heard: string[] = [];
      try {
        await listener.connect();
        listener.on('notification', (notification) => heard.push(notification.channel));
        await listener.query('LISTEN mail_queued');
        await app.db.transaction(async (tx) => {
          await app.mailer.sendLater(tx as unknown as typeof app.db, message);
          // The transaction is still open: a replica's worker would find nothing yet.
          await sleep(500);
          expect(heard).toEqual([]);
        });
        for (let waited = 0; heard.length === 0 && waited < 10_000; waited += 50) await sleep(50);
        expect(heard).toEqual(['mail_queued']);
        await app.mailer.idle();
        expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(1);
      } finally {
        await listener.end();
        await app.close();
      }
    });
  }
});

describe('mailer over SMTP, through the job queue', () => {
  /** An app whose mails go to `smtpUrl`, tried 3 times at most (1 s, then 2 s between tries), and its log lines. */
  async function appMailingTo(smtpUrl: string) {
    const lines: Array<Record<string, unknown>> = [];
    const app = await buildTestApp('pglite', {
      seed: false,
      smtpUrl,
      mailRetry: { retryLimit: 2, retryDelaySeconds: 1 },
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    return { app, lines };
  }

  it('retries a refused message with a growing delay and delivers it once, on the third try', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 2 });
    const { app, lines } = await appMailingTo(smtp.url);
    try {
      const started = Date.now();
      await app.mailer.sendLater(app.db, message);
      const mail = await smtp.waitForMail((m) => m.to.includes('reader@example.com'), 45_000);
      // pg-boss's backoff: 1 s, then 2 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
      expect(mail.subject).toBe(message.subject);
      expect(mail.text).toBe(message.text.trim());
      expect(mail.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
      await app.mailer.idle();
      expect(lines.filter((l) => l.msg === 'mail failed; trying again').map((l) => l.tries)).toEqual([1, 2]);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('gives up after its last try, logs an error, and never throws', async () => {
    const { app, lines } = await appMailingTo(await closedSmtpUrl());
    try {
      await expect(app.mailer.sendLater(app.db, message)).resolves.toBeUndefined();
      await app.mailer.idle();
      expect(lines.find((l) => l.msg === 'mail not sent')).toMatchObject({ level: 50, tries: 3, to: 'reader@example.com' });
    } finally {
      await app.close();
    }
  });
});

describe.each(DB_TARGETS)('a batch of queued mails over SMTP on %s', (target) => {
  it('is delivered within 2 s of its commit: the worker takes each next mail at once, not at its next poll', async () => {
    const smtp = await startSmtpServer();
    const app = await buildTestApp(target, { seed: false, smtpUrl: smtp.url });
    try {
      // As a digest to every moderator is queued: 20 mails in one transaction (each poll would take 2 s).
      await app.db.transaction(async (tx) => {
        for (let n = 1; n <= 20; n++) await app.mailer.sendLater(tx as unknown as typeof app.db, { ...message, to: `reader${n}@example.com` });
      });
      const committed = Date.now();
      while (smtp.messages.length < 20 && Date.now() - committed < 30_000) await sleep(10);
      const took = Date.now() - committed;
      expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `reader${i + 1}@example.com`).sort());
      expect(took).toBeLessThan(2_000);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('mail templates', () => {
  it('escape the name and link in HTML and keep the plain text readable', () => {
    expect(message.html).toContain('خواننده &lt;b&gt;');
    expect(message.html).not.toContain('<b>');
    expect(message.text).toContain('خواننده <b>');
    expect(message.text).toContain('https://shop.example/verification?token=abc.def');
    expect(message.html).toContain('۶۰ دقیقه');
  });

  it('show the reset code in big digits with its 10-minute lifetime', () => {
    const mail = resetCodeMail({ to: 'a@example.com', fullName: 'علی', code: '042517', ttlMinutes: 10 });
    expect(mail.html).toMatch(/font-size:36px[^>]*>042517</);
    expect(mail.html).toContain('۱۰ دقیقه');
    expect(mail.text).toContain('042517');
    expect(mail.text).toContain('۱۰ دقیقه');
    expect(mail.html).toMatch(/^<!doctype html>\n<html dir="rtl" lang="fa">/);
  });
});
