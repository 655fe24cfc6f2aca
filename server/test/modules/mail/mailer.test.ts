import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { createMailer } from '../../../src/modules/mail/mailer';
import { resetCodeMail, verificationMail } from '../../../src/modules/mail/templates';
import { DEFAULT_MAIL_FROM } from '../../../src/settings';
import { DB_TARGETS, buildTestApp, csrfHeaders, tempDir } from '../../helpers/test-app';
import { closedSmtpUrl, startSmtpServer } from '../../helpers/smtp';

/** Log lines of a logger, parsed. */
function recordingLogger(): { log: FastifyInstance['log']; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
  return { log: app.log, lines };
}

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
});

describe('mailer over SMTP', () => {
  it('retries a refused message with a growing delay and delivers it on the third try', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 2 });
    const { log, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: tempDir(), mailFrom: DEFAULT_MAIL_FROM }, log, [20, 40]);
    try {
      const started = Date.now();
      await expect(mailer.sendLater(message)).resolves.toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(60);
      const mail = await smtp.waitForMail((m) => m.to.includes('reader@example.com'), 1000);
      expect(mail.subject).toBe(message.subject);
      expect(mail.text).toBe(message.text.trim());
      expect(lines.filter((l) => l.msg === 'mail failed; trying again')).toHaveLength(2);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('gives up after three tries, logs an error, and never throws', async () => {
    const { log, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: await closedSmtpUrl(), outboxDir: tempDir(), mailFrom: DEFAULT_MAIL_FROM }, log, [10, 10]);
    const sending = mailer.sendLater(message);
    await mailer.idle();
    await expect(sending).resolves.toBe(false);
    expect(lines.find((l) => l.msg === 'mail not sent')).toMatchObject({ level: 50, tries: 3, to: 'reader@example.com' });
    await mailer.close();
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
