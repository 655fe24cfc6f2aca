/**
 * Wire shapes of the remotes' releases (issue 35): each remote's build published as an immutable
 * version, the version every visitor gets (active), the one a share of them tries (canary), and
 * the rollback to the one before. Same conventions as entities.ts: snake_case, ISO 8601 UTC dates.
 *
 * Endpoints (super users through the session, or the deploy token in `X-Deploy-Token`):
 * - `POST /api/dashboard/releases/:remote?package_version=&commit=&by=` a tar.gz of the remote's
 *   `dist` → 201 `{ data: RemoteRelease }`; 409 the same build again; 422 an unsafe or incomplete
 *   tarball, or one the running shell does not accept (the guard, item 4)
 * - `POST …/:remote/promote` `{ version }`, `POST …/:remote/rollback`, `POST …/:remote/canary`
 *   `{ version, share }`, `DELETE …/:remote/canary` → `{ data: RemoteReleaseStatus }`
 * - `GET /api/dashboard/releases` → `{ data: RemoteReleaseStatus[] }`, one per remote of REMOTE_NAMES
 * - `PUT …/:remote/preview` `{ version }`, `DELETE …/:remote/preview` (a super user's session only;
 *   the deploy token is not read) → `{ data: RemoteReleaseStatus }`: the caller alone gets that kept
 *   version of the remote on every page (item 3), for {@link RELEASE_PREVIEW_HOURS}
 */
import type { RemoteName } from './remote';

/**
 * `federation-versions.json`, which every app's build writes into its `dist`: the version of
 * `@shop/contracts` and of each federation singleton the app was built with (installed versions).
 */
export interface FederationVersions {
  contracts: string;
  /** Package name → installed version, e.g. `{ react: '19.2.1', '@mui/material': '7.3.4' }`. */
  singletons: Record<string, string>;
}

/** One published version of a remote (issue 35 item 1). */
export interface RemoteRelease {
  id: number;
  remote: RemoteName;
  /** `<package_version>+<first 7 hex digits of the content hash>`, e.g. `1.4.0+3f9c2a1`. */
  version: string;
  package_version: string;
  /** The commit it was built from, when the release command knew it. */
  commit: string | null;
  /** Who released it: a super user's name, or the deploy token («توکن انتشار»). */
  released_by: string;
  released_at: string;
  /** `@shop/contracts` version it was built with. */
  contracts_version: string;
  /** Singleton name → version it was built with. */
  singletons: Record<string, string>;
  /** Bytes of all its files. */
  size_bytes: number;
  /** Its files were deleted by housekeeping (item 7): it can no longer be activated. */
  pruned: boolean;
}

/** A canary: a version served to `share` percent of visitors, sticky per visitor (item 3). */
export interface RemoteCanary {
  version: string;
  /** Percent of visitors, 1..99. */
  share: number;
  started_at: string;
  /** Pages served with it in the last {@link RemoteCanary.window_minutes} (all server processes). */
  page_views: number;
  /** Load errors browsers reported for it in the same window (item 4). */
  load_errors: number;
  /** The window of the automatic rollback, in minutes: it ends a canary whose errors pass 5 % of its page views. */
  window_minutes: number;
}

/** How long a super user's preview of a kept version lasts, in hours (item 3). */
export const RELEASE_PREVIEW_HOURS = 24;

/** Where one remote stands (item 5; `GET /api/dashboard/releases`). */
export interface RemoteReleaseStatus {
  remote: RemoteName;
  /** The version every visitor gets; null: the remote's own build in `remotes/<name>/dist`. */
  active_version: string | null;
  /**
   * What a rollback would activate (null: the remote's own build); undefined when there is
   * nothing to roll back to.
   */
  previous_version?: string | null;
  canary: RemoteCanary | null;
  /**
   * The version the signed-in super user previews for themselves (item 3), which pages give them
   * instead of the active one or a canary; null without a preview (always with the deploy token).
   */
  preview_version: string | null;
  /** Newest first, the kept ones and the pruned ones. */
  releases: RemoteRelease[];
}

/** Body of `POST /api/dashboard/releases/:remote/promote`. */
export interface PromoteReleaseBody {
  version: string;
}

/** Body of `PUT /api/dashboard/releases/:remote/preview`. */
export interface PreviewReleaseBody {
  version: string;
}

/** Body of `POST /api/dashboard/releases/:remote/canary`. */
export interface CanaryReleaseBody {
  version: string;
  /** Percent of visitors, an integer 1..99. */
  share: number;
}

/**
 * `POST /api/releases/load-errors` (issue 35 item 4): a browser's report that `version` of `remote`
 * failed to load; the shell's federation runtime sends it for remotes loaded from a release.
 */
export interface LoadErrorReport {
  remote: RemoteName;
  version: string;
}
