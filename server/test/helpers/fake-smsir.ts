/**
 * A fake sms.ir verify API on a real local port (node:http), speaking what the adapter
 * (modules/sms/sms-sender.ts) uses from sms.ir's documentation: `POST /v1/send/verify` with an
 * `X-API-KEY` header and `{mobile, templateId, parameters: [{name, value}]}` → HTTP 200
 * `{status: 1, message: 'موفق', data: {messageId, cost}}`; a wrong key → 401, a bad body → 400,
 * each `{status: 0, message, data: null}`. It records every call and can be told to fail the next
 * calls with HTTP 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received. */
export interface SmsirCall {
  path: string;
  apiKey: string | undefined;
  body: { mobile?: unknown; templateId?: unknown; parameters?: Array<{ name: string; value: string }> };
  /** The HTTP status it was answered with. */
  status: number;
}

/** A running fake: its origin, the calls it received, and how many next calls fail. */
export interface FakeSmsir {
  url: string;
  apiKey: string;
  calls: SmsirCall[];
  /** The next this-many well-formed calls answer HTTP 500. */
  failNext: number;
  reset(): void;
  close(): Promise<void>;
}

/** Starts a fake sms.ir on 127.0.0.1 and a free port, accepting `apiKey`. */
export async function startFakeSmsir(apiKey = 'test-smsir-key'): Promise<FakeSmsir> {
  let messageId = 1000;
  const fake: FakeSmsir = {
    url: '',
    apiKey,
    calls: [],
    failNext: 0,
    reset() {
      fake.calls.length = 0;
      fake.failNext = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        fake.calls.push({ path: request.url ?? '', apiKey: request.headers['x-api-key'] as string | undefined, body: parsed, status });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      let parsed: SmsirCall['body'] = {};
      try {
        parsed = JSON.parse(raw) as SmsirCall['body'];
      } catch {
        return answer(400, { status: 0, message: 'درخواست نامعتبر است', data: null });
      }
      if (request.method !== 'POST' || request.url !== '/v1/send/verify') return answer(404, { status: 0, message: 'یافت نشد', data: null });
      if (request.headers['x-api-key'] !== apiKey) return answer(401, { status: 0, message: 'کلید نامعتبر است', data: null });
      const { mobile, templateId, parameters } = parsed;
      const wellFormed =
        typeof mobile === 'string' && /^09\d{9}$/.test(mobile) && Number.isInteger(templateId) &&
        Array.isArray(parameters) && parameters.every((p) => typeof p.name === 'string' && typeof p.value === 'string');
      if (!wellFormed) return answer(400, { status: 0, message: 'پارامترها نامعتبر است', data: null });
      if (fake.failNext > 0) {
        fake.failNext -= 1;
        return answer(500, { status: 0, message: 'خطای غیرمنتظره', data: null });
      }
      return answer(200, { status: 1, message: 'موفق', data: { messageId: ++messageId, cost: 1 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}
