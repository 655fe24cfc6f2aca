/**
 * The releases module's one door (issue 35): remotes' builds published as immutable versions,
 * promoted, tried on a share of visitors and rolled back; the guard against builds the running
 * shell does not accept; housekeeping; and the versions pages are served from. Another module, a
 * route, a plugin or the seed imports only this file of the module; lint refuses the others.
 */
export {
  endCanary,
  endPreview,
  isRemoteName,
  promoteRelease,
  previewsOf,
  publishRelease,
  pruneReleases,
  releaseFolder,
  releaseStatus,
  releaseStatuses,
  rollbackRelease,
  startCanary,
  startPreview,
  type ReleaseInput,
} from './releases-service';
export { acceptedRange, compatibilityProblems, FEDERATION_VERSIONS_FILE } from './release-guard';
export { RELEASE_TARBALL_MAX_BYTES, RELEASE_UNPACKED_MAX_BYTES, RELEASE_REQUIRED_FILES } from './release-archive';
export { liveVersions, LIVE_VERSIONS_MS, type LiveRemoteVersions, type LiveVersions } from './live-versions';
export { canaryViewsOf, reportLoadError, type CanaryViews, type LoadErrorOutcome } from './canary-health';
export { CANARY_ROLLBACK } from './canary-counts';
export { RELEASES_MESSAGES } from './messages';
