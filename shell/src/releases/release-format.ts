import type { RemoteName, RemoteReleaseStatus } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { t } from '../strings';

const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

/**
 * A release's size in bytes as people read it, Persian digits (issue 35 item 5): «۲٫۴ مگابایت»
 * from one megabyte on (one decimal), «۸۰۰ کیلوبایت» below (at least ۱).
 *
 * @example formatReleaseSize(2_516_582) // '۲٫۴ مگابایت'
 */
export function formatReleaseSize(bytes: number): string {
  if (bytes >= MEGABYTE) return t.releases.megabytes(formatNumber(Math.round((bytes / MEGABYTE) * 10) / 10));
  return t.releases.kilobytes(formatNumber(Math.max(1, Math.round(bytes / KILOBYTE))));
}

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
