import type { ReactNode } from 'react';
import type { RemoteRelease, RemoteReleaseStatus } from '@shop/contracts';
import { DataTable } from '@shop/dashboard-ui';
import { formatFileSize, formatJalaliDate, formatNumber } from '@shop/format';
import { Button, Stack } from '@shop/ui-kit';
import { Chip, FormControlLabel, Switch } from '@shop/ui-kit/lazy';
import { remoteLabel } from './release-format';
import { VersionCode } from './version-code';
import { t } from '../strings';

const COLUMNS = ['version', 'package_version', 'commit', 'released_by', 'released_at', 'size', 'actions'] as const;
type Column = (typeof COLUMNS)[number];

/** Hex digits of a commit shown in the table (the whole one in its tooltip). */
const COMMIT_SHORT = 7;

/** The version, with what it is to the remote: active, in canary, the user's preview, pruned. */
function VersionCell({ release, status }: { release: RemoteRelease; status: RemoteReleaseStatus }) {
  const chips = [
    release.version === status.active_version && <Chip key="active" size="small" variant="outlined" color="success" label={t.releases.chips.active} />,
    release.version === status.canary?.version && <Chip key="canary" size="small" variant="outlined" color="warning" label={t.releases.chips.canary} />,
    release.version === status.preview_version && <Chip key="preview" size="small" variant="outlined" color="info" label={t.releases.chips.preview} />,
    release.pruned && <Chip key="pruned" size="small" variant="outlined" label={t.releases.chips.pruned} />,
  ].filter(Boolean);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <VersionCode>{release.version}</VersionCode>
      {chips}
    </Stack>
  );
}

/** What the table's action buttons and switches call; the page asks for confirmation where needed. */
export interface VersionActions {
  onPromote: (version: string) => void;
  onCanary: (version: string) => void;
  /** Starts (`on`) or ends the signed-in user's own preview of a version (item 3), at once. */
  onPreview: (version: string, on: boolean) => void;
  /** A preview request is on its way: the switches wait for its answer. */
  previewBusy: boolean;
}

/** A kept version's actions: «فعال کردن» and «آزمایش» (not for the active one, which the server refuses), and the preview switch. */
function ActionsCell({ release, status, actions }: { release: RemoteRelease; status: RemoteReleaseStatus; actions: VersionActions }) {
  if (release.pruned) return <>{t.releases.none}</>;
  const { version } = release;
  const isActive = version === status.active_version;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" disabled={isActive} aria-label={t.releases.promoteOf(version)} onClick={() => actions.onPromote(version)}>
        {t.releases.promote}
      </Button>
      <Button size="small" variant="outlined" color="warning" disabled={isActive} aria-label={t.releases.startCanaryOf(version)} onClick={() => actions.onCanary(version)}>
        {t.releases.startCanary}
      </Button>
      <FormControlLabel
        label={t.releases.previewSwitch}
        sx={{ mx: 0 }}
        control={
          <Switch
            size="small"
            // MUI widens the hidden input to 300 % of the thumb, past the switch's own box, which then
            // scrolls sideways (issue 22 item 13); the label around it still takes every click.
            sx={{ '& .MuiSwitch-input': { left: 0, width: '100%' } }}
            checked={status.preview_version === version}
            disabled={actions.previewBusy}
            slotProps={{ input: { 'aria-label': t.releases.previewSwitchOf(version) } }}
            onChange={(event) => actions.onPreview(version, event.target.checked)}
          />
        }
      />
    </Stack>
  );
}

/**
 * A remote's versions, newest first as the API gives them (issue 35 item 5): version (with what it
 * is now), package version, commit (short), who released it, when (Jalali date and time), size
 * (Persian digits), and the actions of a kept version; a pruned one («حذف‌شده») has none. A table
 * on a wide screen, a card per version on a narrow one (`DataTable`).
 */
export function KeptVersionsTable({ status, isFetching, actions }: { status: RemoteReleaseStatus; isFetching: boolean; actions: VersionActions }) {
  const cell = (release: RemoteRelease, column: Column): ReactNode => {
    switch (column) {
      case 'version':
        return <VersionCell release={release} status={status} />;
      case 'package_version':
        return <VersionCode>{release.package_version}</VersionCode>;
      case 'commit':
        return release.commit ? <VersionCode title={release.commit}>{release.commit.slice(0, COMMIT_SHORT)}</VersionCode> : t.releases.none;
      case 'released_by':
        return release.released_by;
      case 'released_at':
        return <time dateTime={release.released_at}>{formatJalaliDate(release.released_at, { withTime: true })}</time>;
      case 'size':
        return <span title={t.releases.bytes(formatNumber(release.size_bytes))}>{formatFileSize(release.size_bytes)}</span>;
      case 'actions':
        return <ActionsCell release={release} status={status} actions={actions} />;
    }
  };
  return (
    <DataTable
      label={t.releases.versions(remoteLabel(status.remote))}
      columns={COLUMNS}
      labels={t.releases.columns}
      rows={status.releases}
      rowKey={(release) => release.id}
      cell={cell}
      isLoading={false}
      isFetching={isFetching}
      empty={t.releases.noVersions}
      minWidth={760}
    />
  );
}
