import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { OneLinePerRequest } from '../../src/lib/request-log';

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
