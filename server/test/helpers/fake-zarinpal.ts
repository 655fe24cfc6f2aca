/**
 * A fake Zarinpal REST v4 server on a real local port (node:http), speaking the protocol the
 * adapter uses: `POST /pg/v4/payment/request.json` → `{data:{code:100, authority}, errors:[]}`,
 * `GET /pg/StartPay/<authority>`, `POST /pg/v4/payment/verify.json` → code 100 the first time,
 * 101 after, `ref_id`; failures as `{data:[], errors:{code, message}}`. It records every call and
 * can be told to refuse requests or verifies with a code, to report another amount, or to hang.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received. */
export interface ZarinpalCall {
  path: string;
  body: Record<string, unknown>;
}

/** Behaviour the next calls get (set by a test, cleared by `reset`). */
export interface ZarinpalBehaviour {
  /** Answer payment requests with this error code (e.g. -9 or -51). */
  requestError?: number;
  /** Answer verifies with this error code (e.g. -51: payment failed). */
  verifyError?: number;
  /** Answer verifies with code 101 (already verified) even the first time. */
  alreadyVerified?: boolean;
  /** Report this amount (rials) in the verify answer instead of the stored one. */
  reportAmount?: number;
  /** Never answer (the adapter's timeout must fire). */
  hang?: boolean;
}

/** A running fake: its origin, the calls it received, its behaviour knobs. */
export interface FakeZarinpal {
  url: string;
  calls: ZarinpalCall[];
  behaviour: ZarinpalBehaviour;
  /** Clears calls and behaviour. */
  reset(): void;
  close(): Promise<void>;
}

const MERCHANT_ID = /^[0-9a-f-]{36}$/i;

/** Starts a fake Zarinpal on 127.0.0.1 and a free port. */
export async function startFakeZarinpal(): Promise<FakeZarinpal> {
  const payments = new Map<string, { amount: number; verified: boolean }>();
  const fake = {
    calls: [] as ZarinpalCall[],
    behaviour: {} as ZarinpalBehaviour,
  };
  let sequence = 0;
  const error = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

  const answer = (path: string, body: Record<string, unknown>): object => {
    if (!MERCHANT_ID.test(String(body.merchant_id))) return error(-9, 'The input params invalid, validation error.');
    if (path === '/pg/v4/payment/request.json') {
      if (fake.behaviour.requestError !== undefined) return error(fake.behaviour.requestError, 'Request refused.');
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1000 || typeof body.callback_url !== 'string') {
        return error(-9, 'The input params invalid, validation error.');
      }
      const authority = `A${String(++sequence).padStart(35, '0')}`;
      payments.set(authority, { amount, verified: false });
      return { data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }, errors: [] };
    }
    if (path === '/pg/v4/payment/verify.json') {
      const payment = payments.get(String(body.authority));
      if (!payment) return error(-54, 'Invalid authority.');
      if (fake.behaviour.verifyError !== undefined) return error(fake.behaviour.verifyError, 'Session is not active paid try.');
      if (Number(body.amount) !== payment.amount) return error(-50, 'Session is not valid, amounts values is not the same.');
      const code = payment.verified || fake.behaviour.alreadyVerified ? 101 : 100;
      payment.verified = true;
      const reported = fake.behaviour.reportAmount === undefined ? {} : { amount: fake.behaviour.reportAmount };
      return { data: { code, message: code === 100 ? 'Paid' : 'Verified', card_pan: '502229******5995', ref_id: 201 + sequence, ...reported }, errors: [] };
    }
    return error(-11, 'Unknown path.');
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      if (request.method === 'GET' && path.startsWith('/pg/StartPay/')) {
        fake.calls.push({ path, body: {} });
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>StartPay</title>');
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // answered as a validation error below
      }
      fake.calls.push({ path, body });
      if (fake.behaviour.hang) return;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(path, body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return fake.calls;
    },
    get behaviour() {
      return fake.behaviour;
    },
    set behaviour(value: ZarinpalBehaviour) {
      fake.behaviour = value;
    },
    reset() {
      fake.calls = [];
      fake.behaviour = {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
