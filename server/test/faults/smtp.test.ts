/**
 * SMTP faults (issue 23 item 5): the compiled server with its SMTP server away. Registering and
 * asking for a reset code still succeed; their mails wait in the job queue, survive a `kill -9` of
 * the server, and are sent once each, with no restart needed, when the SMTP server comes back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expectAnswer } from '../crash/crash-client';
import { csrfHeadersOf, freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

describe('account mails while the SMTP server is away (issue 23)', () => {
  let dataDir: string;
  let smtpPort: number;
  let smtp: TestSmtpServer | null = null;
  let server: ServerProcess | null = null;

  /** The compiled server on the test's data folder, mailing to the test's SMTP port, retrying every second or two. */
  const startServer = () =>
    startServerProcess({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '30' }, 120_000);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-smtp-faults-'));
    smtpPort = await freePort();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the mails of a register and a reset request through a kill -9, and sends each once when SMTP returns', async () => {
    server = await startServer();
    const email = `smtp-fault-${Date.now()}@example.com`;
    const headers = { ...(await csrfHeadersOf(server.origin)), 'content-type': 'application/json' };
    await expectAnswer(server.origin, '/api/auth/register', 201, {
      method: 'POST',
      headers,
      body: JSON.stringify({ full_name: 'کاربر بی‌نامه', email, password: 'Secret123', password_confirmation: 'Secret123' }),
    });
    await expectAnswer(server.origin, '/api/auth/forgot-password', 200, { method: 'POST', headers, body: JSON.stringify({ email }) });
    // Tried at least once, and refused (nothing listens).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.output()).toContain('mail failed; trying again');
    // Ready (the database answers), and saying that mail is failing.
    const ready = await fetch(`${server.origin}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'degraded', mail: 'failing' });

    await server.stop('SIGKILL');
    smtp = await startSmtpServer({ port: smtpPort });
    server = await startServer();
    const verification = await smtp.waitForMail((mail) => mail.to.includes(email) && mail.subject.startsWith('تأیید ایمیل'), 30_000);
    const reset = await smtp.waitForMail((mail) => mail.to.includes(email) && mail !== verification, 30_000);
    expect(reset.subject).not.toBe(verification.subject);
    // Nothing more arrives: each mail once.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.messages.filter((mail) => mail.to.includes(email))).toHaveLength(2);
    expect(server.output()).not.toMatch(/unexpected error|unhandled promise rejection|uncaught exception|mail not sent/);
  }, 120_000);
});
