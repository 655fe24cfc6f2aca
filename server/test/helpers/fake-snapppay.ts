/**
 * A fake SnappPay online merchant API (issue 36 item 2) on a real local port (node:http), speaking
 * the protocol the adapter uses: the OAuth2 password grant with HTTP Basic client credentials
 * (`/api/online/v1/oauth/token`), then bearer calls answering `{successful, response, errorData}`:
 * `GET /api/online/offer/v1/eligible?amount=` (eligible within `range`, rials), `POST
 * /api/online/payment/v1/token` (checks amount = totalAmount − discountAmount − externalSourceAmount
 * and refuses a `transactionId` seen before), the pay page `GET /pay?paymentToken=`, `verify`, `settle`,
 * `revert` and `status`. A purchase is `PENDING` until the test pays it ({@link FakeSnappPay.pay}),
 * then `VERIFY` after verify and `SETTLE` after settle. It records every call and can be told to
 * refuse verifies, report another amount, refuse tokens or hang; `expireTokens` makes the bearer
 * tokens it gave answer 401.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the fake received: method, path with its query, parsed body, Authorization header. */
export interface SnappPayCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

/** Behaviour the next calls get (set by a test, cleared by `reset`). */
export interface SnappPayBehaviour {
  /** Refuse every verify (`successful: false`, errorCode 1005). */
  verifyRefused?: boolean;
  /** Report this amount (rials) in the verify answer instead of the registered one. */
  reportAmount?: number;
  /** Refuse payment tokens (errorCode 1011). */
  tokenRefused?: boolean;
  /** Never answer (the adapter's timeout must fire). */
  hang?: boolean;
}

/** The credentials the fake accepts. */
export const FAKE_SNAPPPAY_CREDENTIALS = {
  clientId: 'shop-client',
  clientSecret: 'shop-secret',
  username: 'shop-user',
  password: 'shop-pass',
} as const;

/** A purchase registered with a payment token. */
export interface FakePurchase {
  amount: number;
  transactionId: string;
  returnURL: string;
  paid: boolean;
  status: 'PENDING' | 'VERIFY' | 'SETTLE' | 'REVERT';
}

/** A running fake: its origin, calls, purchases and behaviour knobs. */
export interface FakeSnappPay {
  url: string;
  calls: SnappPayCall[];
  purchases: Map<string, FakePurchase>;
  behaviour: SnappPayBehaviour;
  /** Eligible amounts, rials, both ends included. */
  range: { min: number; max: number };
  /** The buyer pays the purchase of `paymentToken` on SnappPay's page. */
  pay(paymentToken: string): void;
  /** Makes every bearer token given so far answer 401. */
  expireTokens(): void;
  /** Clears calls and behaviour (purchases and tokens stay). */
  reset(): void;
  close(): Promise<void>;
}

/** Starts a fake SnappPay on 127.0.0.1 and a free port. */
export async function startFakeSnappPay(): Promise<FakeSnappPay> {
  const purchases = new Map<string, FakePurchase>();
  const transactionIds = new Set<string>();
  const tokens = new Set<string>();
  const state = { calls: [] as SnappPayCall[], behaviour: {} as SnappPayBehaviour, range: { min: 200_000, max: 500_000_000 } };
  let sequence = 0;
  let origin = '';
  const refused = (errorCode: number, message: string) => ({ successful: false, response: null, errorData: { errorCode, message, data: null } });
  const ok = (response: object) => ({ successful: true, response, errorData: null });

  const oauth = (request: http.IncomingMessage, raw: string): [number, object] => {
    const { clientId, clientSecret, username, password } = FAKE_SNAPPPAY_CREDENTIALS;
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    const form = new URLSearchParams(raw);
    const valid =
      request.headers.authorization === basic &&
      form.get('grant_type') === 'password' &&
      form.get('scope') === 'online-merchant' &&
      form.get('username') === username &&
      form.get('password') === password;
    if (!valid) return [401, { error: 'invalid_client', error_description: 'Bad client credentials' }];
    const token = `at-${++sequence}`;
    tokens.add(token);
    return [200, { access_token: token, token_type: 'bearer', expires_in: 3600, scope: 'online-merchant' }];
  };

  const register = (body: Record<string, unknown>): object => {
    if (state.behaviour.tokenRefused) return refused(1011, "can't create order");
    const cart = (body.cartList as Array<{ totalAmount: number }> | undefined)?.[0];
    const amount = Number(body.amount);
    const sum = Number(cart?.totalAmount) - Number(body.discountAmount) - Number(body.externalSourceAmount);
    if (!cart || !Number.isInteger(amount) || sum !== amount || typeof body.returnURL !== 'string' || body.paymentMethodTypeDto !== 'INSTALLMENT') {
      return refused(1003, 'invalid input');
    }
    const transactionId = String(body.transactionId);
    if (transactionIds.has(transactionId)) return refused(1009, 'duplicate transactionId');
    transactionIds.add(transactionId);
    const paymentToken = `PT-${++sequence}`;
    purchases.set(paymentToken, { amount, transactionId, returnURL: body.returnURL, paid: false, status: 'PENDING' });
    return ok({ paymentToken, paymentPageUrl: `${origin}/pay?paymentToken=${paymentToken}` });
  };

  const purchaseCall = (path: string, body: Record<string, unknown>): object => {
    const purchase = purchases.get(String(body.paymentToken));
    if (!purchase) return refused(1005, 'payment token not found');
    if (path.endsWith('/verify')) {
      if (state.behaviour.verifyRefused || !purchase.paid || purchase.status !== 'PENDING') return refused(1005, 'not verifiable');
      purchase.status = 'VERIFY';
      return ok({ transactionId: purchase.transactionId, amount: state.behaviour.reportAmount ?? purchase.amount });
    }
    if (path.endsWith('/settle')) {
      if (purchase.status !== 'VERIFY') return refused(1006, 'not settleable');
      purchase.status = 'SETTLE';
      return ok({ transactionId: purchase.transactionId });
    }
    if (purchase.status !== 'VERIFY') return refused(1007, 'not revertible');
    purchase.status = 'REVERT';
    return ok({ transactionId: purchase.transactionId });
  };

  const answer = (request: http.IncomingMessage, path: string, raw: string, body: Record<string, unknown>): [number, object] => {
    if (path === '/api/online/v1/oauth/token') return oauth(request, raw);
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return [401, { error: 'invalid_token' }];
    const url = new URL(path, 'http://fake');
    if (request.method === 'GET' && url.pathname === '/api/online/offer/v1/eligible') {
      const amount = Number(url.searchParams.get('amount'));
      const eligible = amount >= state.range.min && amount <= state.range.max;
      return [200, ok({ eligible, title_message: eligible ? 'پرداخت اقساطی با اسنپ‌پی' : 'این مبلغ شامل اقساط نیست', description: '۴ قسط بدون کارمزد' })];
    }
    if (request.method === 'GET' && url.pathname === '/api/online/payment/v1/status') {
      const purchase = purchases.get(url.searchParams.get('paymentToken') ?? '');
      if (!purchase) return [200, refused(1005, 'payment token not found')];
      return [200, ok({ status: purchase.status, transactionId: purchase.transactionId, amount: purchase.amount })];
    }
    if (request.method === 'POST' && url.pathname === '/api/online/payment/v1/token') return [200, register(body)];
    if (request.method === 'POST' && /^\/api\/online\/payment\/v1\/(verify|settle|revert)$/.test(url.pathname)) {
      return [200, purchaseCall(url.pathname, body)];
    }
    return [404, refused(1000, 'unknown path')];
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
        try {
          body = JSON.parse(raw || '{}') as Record<string, unknown>;
        } catch {
          // answered as invalid input
        }
      }
      state.calls.push({ method: request.method ?? 'GET', path, body, authorization: request.headers.authorization });
      if (state.behaviour.hang) return;
      if (request.method === 'GET' && path.startsWith('/pay?')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>SnappPay</title>');
        return;
      }
      const [status, json] = answer(request, path, raw, body);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    purchases,
    get calls() {
      return state.calls;
    },
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value: SnappPayBehaviour) {
      state.behaviour = value;
    },
    get range() {
      return state.range;
    },
    pay(paymentToken) {
      const purchase = purchases.get(paymentToken);
      if (!purchase) throw new Error(`no purchase ${paymentToken}`);
      purchase.paid = true;
    },
    expireTokens: () => tokens.clear(),
    reset() {
      state.calls = [];
      state.behaviour = {};
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
