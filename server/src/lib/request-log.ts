/**
 * One log line per request (issue 9 "per-request logging"). Fastify's default writes two, one when
 * a request arrives (`req`) and one when its answer is sent (`res`, `responseTime`), each a
 * synchronous write of a pino line: on an uncached `GET /api/posts`, logging was about 5 % of the
 * CPU. This controller writes only the second, carrying the request too, so the line still tells
 * method, URL, client, status and response time (ms). Errors keep their own lines.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** `logController` of `buildApp`: one `request completed` (or `request errored`) line per request. */
export class OneLinePerRequest extends LogController {
  /** Nothing when a request arrives: {@link requestCompleted} logs it with its answer. */
  override incomingRequest(): void {}

  /** The request and its answer in one line, at `info` (`error` when the answer failed). */
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
