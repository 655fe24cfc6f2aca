import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { echoRequestId, OneLinePerRequest, requestContext } from '../../src/lib/request-log';
import { buildTestApp } from '../helpers/test-app';

describe('one log line per request', () => {
  it('logs a request once, when its answer is sent, with the request and the answer', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLinePerRequest() });
    app.get('/ok', async () => ({ ok: true }));
    await app.inject({ url: '/ok?x=1' });
    await app.close();
    const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/ok?x=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });
});

describe('request ids (issue 10 "Request ids in the logs")', () => {
  const lines: Array<Record<string, unknown>> = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    app = await buildTestApp('pglite', { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The `request completed` line of the request with id `reqId`. */
  const lineOf = (reqId: string) => lines.filter((line) => line.msg === 'request completed' && line.reqId === reqId);

  it('keeps a sane incoming x-request-id, echoes it, and logs it as reqId', async () => {
    const response = await app.inject({ url: '/api/posts/1', headers: { 'x-request-id': 'gw-1a2B.3_c-4' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('gw-1a2B.3_c-4');
    expect(lineOf('gw-1a2B.3_c-4')).toHaveLength(1);
    expect(lineOf('gw-1a2B.3_c-4')[0]).toMatchObject({ req: { url: '/api/posts/1' }, res: { statusCode: 200 } });
  });

  it('takes an id of up to 64 characters', async () => {
    const response = await app.inject({ url: '/api/posts/1', headers: { 'x-request-id': 'a'.repeat(64) } });
    expect(response.headers['x-request-id']).toBe('a'.repeat(64));
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with a space', 'two words'],
    ['with a quote', 'id"x'],
    ['empty', ''],
  ])('replaces an incoming id %s with a random UUID', async (name, sent) => {
    // A URL of its own: a visitor's answer from the public cache is logged at debug (next test).
    const response = await app.inject({ url: `/api/posts/1?case=${encodeURIComponent(name)}`, headers: { 'x-request-id': sent } });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(lineOf(id)).toHaveLength(1);
  });

  it('logs a visitor’s answer from the public cache at debug, below the app’s info level', async () => {
    await app.inject({ url: '/api/posts/2', headers: { 'x-request-id': 'computed-1' } });
    const again = await app.inject({ url: '/api/posts/2', headers: { 'x-request-id': 'kept-2' } });
    expect(again.statusCode).toBe(200);
    expect(lineOf('computed-1')).toHaveLength(1);
    expect(lineOf('kept-2')).toHaveLength(0);
  });

  it('gives each request without one its own id, on error answers too', async () => {
    const first = await app.inject({ url: '/api/no-such-route' });
    const second = await app.inject({ url: '/api/posts/999999' });
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
    expect(first.headers['x-request-id']).toEqual(expect.any(String));
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('the request context (issue 23: what escapes a request is logged with its id)', () => {
  it('holds the request id through the handler and the work it leaves running', async () => {
    const app = Fastify({ genReqId: () => 'req-context-1' });
    app.addHook('onRequest', echoRequestId);
    let later: Promise<string | undefined> = Promise.resolve(undefined);
    app.get('/work', async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(requestContext.getStore()?.reqId), 10));
      return { during: requestContext.getStore()?.reqId };
    });
    const answer = await app.inject({ url: '/work' });
    expect(answer.json()).toEqual({ during: 'req-context-1' });
    expect(await later).toBe('req-context-1');
    expect(requestContext.getStore()).toBeUndefined();
    await app.close();
  });
});
