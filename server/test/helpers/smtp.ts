/**
 * A real SMTP server for tests (issue 7 "Mail"): `smtp-server` on a free local port, every
 * message parsed with `mailparser`. Point the app's `smtpUrl` at `url` and read the link or code
 * out of the received message.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A message the server accepted. */
export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  html: string;
  text: string;
  parsed: ParsedMail;
}

/** A running test SMTP server. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for `smtpUrl`. */
  url: string;
  /** Every accepted message, in arrival order. */
  messages: ReceivedMail[];
  /**
   * The first accepted message that matches `predicate` and that no earlier call returned,
   * waiting up to `timeoutMs` for it to arrive (else rejects).
   */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Options of {@link startSmtpServer}. */
export interface SmtpServerOptions {
  /** Refuse this many messages first (451, a temporary failure), then accept. */
  refuseFirst?: number;
  /** Listen on this port (an SMTP server coming back where it was); default a free one. */
  port?: number;
}

/** Starts a plain (no TLS, no auth) SMTP server on 127.0.0.1 and `options.port` or a free port. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  let refusals = options.refuseFirst ?? 0;
  const messages: ReceivedMail[] = [];
  const returned = new Set<ReceivedMail>();
  const listeners = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (refusals > 0) {
            refusals--;
            const error = Object.assign(new Error('try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            parsed,
          });
          callback();
          for (const listener of listeners) listener();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;

  const waitForMail = (predicate: (mail: ReceivedMail) => boolean, timeoutMs = 5000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const mail = messages.find((m) => !returned.has(m) && predicate(m));
        if (!mail) return false;
        returned.add(mail);
        listeners.delete(check);
        clearTimeout(timer);
        resolve(mail);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
      }, timeoutMs);
      if (!check()) listeners.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An `smtp://` URL of a local port where nothing listens (an SMTP server that is down). */
export async function closedSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}
