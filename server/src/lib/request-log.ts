/**
 * One log line per request (issue 9 "per-request logging"), carrying the request's id (issue 10
 * "Request ids in the logs"). Fastify's default writes two lines, one when a request arrives
 * (`req`) and one when its answer is sent (`res`, `responseTime`), each a synchronous write of a
 * pino line: on an uncached `GET /api/posts`, logging was about 5 % of the CPU. This controller
 * writes only the second, carrying the request too, so the line still tells method, URL, client,
 * status and response time (ms). Errors keep their own lines. Every line of a request has its id
 * as `reqId` (Fastify's child logger).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest, type onRequestHookHandler } from 'fastify';

/** Header that carries a request's id in (from the gateway or a client) and out (in every answer). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id taken as sent: at most 64 letters, digits, `.`, `_` or `-`. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * `genReqId` of `buildApp`: the incoming `x-request-id` when it is a sane token (so one id follows
 * a request from the gateway through the logs), else a random UUID. Fastify's `requestIdHeader`
 * is left off on purpose: it would take any header value as it came, newlines and all.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * The id of the request whose work is running, for what is logged outside Fastify's request logger
 * (main.ts: an unhandled promise rejection, issue 23). Node keeps the store through every
 * continuation of the request's work, the rejection's handler included.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * onRequest hook: echoes the request's id in the answer's `x-request-id` header, errors included,
 * and runs the rest of the request inside {@link requestContext}.
 */
export const echoRequestId: onRequestHookHandler = (request, reply, done) => {
  reply.header(REQUEST_ID_HEADER, request.id);
  requestContext.run({ reqId: request.id }, done);
};

/** `logController` of `buildApp`: one `request completed` (or `request errored`) line per request. */
export class OneLinePerRequest extends LogController {
  /** Nothing when a request arrives: {@link requestCompleted} logs it with its answer. */
  override incomingRequest(): void {}

  /**
   * The request and its answer in one line, at `info` (`error` when the answer failed; `debug` for
   * a visitor's answer from the public cache, which at 10 000 a second would drown the rest).
   */
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (request.answeredFromPublicCache) reply.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
