/**
 * JSON Schemas of the releases' wire shapes (`RemoteRelease`, `RemoteReleaseStatus` of
 * @shop/contracts), for the routes' `response` schemas (OpenAPI and serialization).
 */
import { REMOTE_NAMES } from '@shop/contracts';
import { date, int, nullableStr, str } from '../../lib/schemas';

const remote = { type: 'string', enum: [...REMOTE_NAMES] } as const;

/** Wire shape of a `RemoteRelease`. */
export const remoteReleaseSchema = {
  type: 'object',
  required: ['id', 'remote', 'version', 'package_version', 'commit', 'released_by', 'released_at', 'contracts_version', 'singletons', 'size_bytes', 'pruned'],
  properties: {
    id: int,
    remote,
    version: { type: 'string', description: '`<package_version>+<first 7 hex digits of the content hash>`' },
    package_version: str,
    commit: nullableStr,
    released_by: str,
    released_at: date,
    contracts_version: str,
    singletons: { type: 'object', additionalProperties: str },
    size_bytes: { type: 'integer', description: 'Bytes of all its files' },
    pruned: { type: 'boolean', description: 'Its files were deleted by housekeeping' },
  },
} as const;

/** Wire shape of a `RemoteReleaseStatus`. */
export const remoteReleaseStatusSchema = {
  type: 'object',
  required: ['remote', 'active_version', 'canary', 'preview_version', 'releases'],
  properties: {
    remote,
    active_version: { type: ['string', 'null'], description: "null: the remote's own build" },
    previous_version: { type: ['string', 'null'], description: "What a rollback would activate (null: the remote's own build); absent when there is nothing to roll back to" },
    canary: {
      type: ['object', 'null'],
      required: ['version', 'share', 'started_at', 'page_views', 'load_errors', 'window_minutes'],
      properties: {
        version: str,
        share: { type: 'integer', minimum: 1, maximum: 99 },
        started_at: date,
        page_views: { type: 'integer', description: 'Pages served with it in the last window_minutes' },
        load_errors: { type: 'integer', description: 'Load errors reported for it in the same window' },
        window_minutes: { type: 'integer', description: 'The window of the automatic rollback, minutes' },
      },
    },
    preview_version: { type: ['string', 'null'], description: "The caller's own preview of the remote (null: none, always with the deploy token)" },
    releases: { type: 'array', items: remoteReleaseSchema },
  },
} as const;
