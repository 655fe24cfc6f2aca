import type { RemoteName, RemoteReleaseStatus } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { t } from '../strings';

/** A share of visitors, 1..99, as «۱۰٪». */
export function formatShare(share: number): string {
  return t.releases.percent(formatNumber(share));
}

/** The Persian name of a remote, for headings, dialogs and toasts. */
export function remoteLabel(remote: RemoteName): string {
  return t.releases.remotes[remote];
}

/**
 * A version as a sentence names it: the version itself, or «ساخت خودِ ریموت» for null (the
 * remote's own build, what `active_version` and `previous_version` null mean).
 */
export function versionLabel(version: string | null | undefined): string {
  return version ?? t.releases.ownBuild;
}

/** Whether a rollback has somewhere to go: the API leaves `previous_version` out when it has not. */
export function canRollBack(status: RemoteReleaseStatus): boolean {
  return status.previous_version !== undefined;
}
