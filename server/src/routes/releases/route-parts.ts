/**
 * What the releases' dashboard routes share (issue 35): their path, the `:remote` parameter and its
 * check, the version a switch names, and the answers' schemas.
 */
import type { FastifyRequest } from 'fastify';
import { isRemoteName, RELEASES_MESSAGES } from '../../modules/releases';
import { notFound } from '../../lib/api-error';
import { errorBodySchema, itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { remoteReleaseStatusSchema } from './schemas';

export const RELEASES_PATH = '/api/dashboard/releases';
export const tags = ['releases'];
export const errors = { ...signedInErrorResponses, 409: errorBodySchema } as const;
/** `{ data: RemoteReleaseStatus }`, what every switch answers. */
export const statusAnswer = itemSchema(remoteReleaseStatusSchema);

export const remoteParams = {
  type: 'object',
  required: ['remote'],
  properties: { remote: { type: 'string', maxLength: 64, description: 'A remote of REMOTE_NAMES (404 otherwise)' } },
} as const;
export type RemoteParams = { remote: string };

/** A kept version of the remote, as promote, canary and preview take it. */
export const versionProperty = { version: { type: 'string', minLength: 1, maxLength: 80 } } as const;

/** 404 `remoteUnknown` for a `:remote` not of REMOTE_NAMES, before the body is read (an `onRequest` hook). */
export async function knownRemote(request: FastifyRequest): Promise<void> {
  if (!isRemoteName((request.params as RemoteParams).remote)) throw notFound(RELEASES_MESSAGES.remoteUnknown);
}

/** The `:remote` a route's {@link knownRemote} hook accepted. */
export function remoteOf(request: FastifyRequest<{ Params: RemoteParams }>) {
  const { remote } = request.params;
  if (!isRemoteName(remote)) throw notFound(RELEASES_MESSAGES.remoteUnknown);
  return remote;
}
