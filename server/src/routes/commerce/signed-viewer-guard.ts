/**
 * The guard of the routes behind URLs signed for one viewer (issue 24's HLS, issue 31 item 4's
 * lesson file): `GET <route with :sessionId>?expires=<unix s>&signature=<hmac>`.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../lib/api-error';
import { COMMERCE_MESSAGES } from '../../modules/commerce';
import { parseId } from '../../lib/pagination';
import { getAuth, guard, type GuardHook } from '../../plugins/app/auth';

/** Checks a signature of session `sessionId` for `userId` until `expires` (unix s): modules/commerce/signed-urls.ts. */
export type ViewerSignatureCheck = (appKey: string, sessionId: number, userId: number, expires: number, signature: string) => boolean;

interface SignedRequest {
  Params: { sessionId: string };
  Querystring: { expires?: string; signature?: string };
}

/**
 * A route guard: the signed-in caller (bearer or cookie) must be the user the query was signed for,
 * for this session, before `expires`, as `isValid` checks; else 403 `signedUrlInvalid`, visitors
 * included (a signed URL is never a reason to sign in). 404 for a malformed session id. Whether the
 * viewer may still view the session is the route's to check.
 */
export function requireSignedViewer(isValid: ViewerSignatureCheck): GuardHook {
  return guard('signed-in', async (request) => {
    const { params, query } = request as FastifyRequest<SignedRequest>;
    const sessionId = parseId(params.sessionId);
    if (sessionId === null) throw notFound();
    const auth = await getAuth(request);
    const valid = auth !== null && isValid(request.server.settings.appKey, sessionId, auth.user.id, Number(query.expires), query.signature ?? '');
    if (!valid) throw new ApiError(403, COMMERCE_MESSAGES.signedUrlInvalid);
  });
}
