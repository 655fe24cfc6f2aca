import { useId, useState, type ReactNode } from 'react';
import { RELEASE_PREVIEW_HOURS, type RemoteReleaseStatus } from '@shop/contracts';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Box, Button, Paper, Stack, Typography } from '@shop/ui-kit';
import { KeptVersionsTable, type VersionActions } from './kept-versions-table';
import { ReleaseActionDialog, type AskedAction } from './release-action-dialog';
import { canRollBack, formatShare, remoteLabel } from './release-format';
import { useEndPreviewMutation, useStartPreviewMutation } from './releases-api';
import { runReleaseAction } from './run-release-action';
import { VersionCode } from './version-code';
import { t } from '../strings';

/** A version, or «ساخت خودِ ریموت» for null (the remote's own build). */
function VersionOrBuild({ version }: { version: string | null | undefined }) {
  return version ? <VersionCode>{version}</VersionCode> : <>{t.releases.ownBuild}</>;
}

/** One line of the summary: its name, then its value and buttons (under the name on a phone). */
function SummaryLine({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {term}
      </Typography>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
        {children}
      </Box>
    </>
  );
}

/**
 * Where a remote stands (issue 35 item 5): its active version, the one a rollback goes back to
 * (with «بازگشت به نسخه پیشین», disabled when there is none), the canary with its share, its
 * page views and load errors in the server's window (with «پایان آزمایش»), and the user's own preview.
 */
function ReleaseSummary({ status, ask }: { status: RemoteReleaseStatus; ask: (action: AskedAction) => void }) {
  const { canary } = status;
  const name = remoteLabel(status.remote);
  const rollbackPossible = canRollBack(status);
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, max-content) 1fr' }, columnGap: 3, rowGap: 1.5, alignItems: 'baseline', my: 2 }}>
      <SummaryLine term={t.releases.active}>
        <VersionOrBuild version={status.active_version} />
      </SummaryLine>
      <SummaryLine term={t.releases.previous}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {rollbackPossible ? <VersionOrBuild version={status.previous_version} /> : <Typography color="text.secondary">{t.releases.nothingToRollBack}</Typography>}
          <Button size="small" variant="outlined" color="error" disabled={!rollbackPossible} aria-label={t.releases.rollbackOf(name)} onClick={() => ask({ kind: 'rollback' })}>
            {t.releases.rollback}
          </Button>
        </Stack>
      </SummaryLine>
      <SummaryLine term={t.releases.canary}>
        {canary ? (
          <Stack spacing={0.5} useFlexGap sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {t.releases.versionWord} <VersionCode>{canary.version}</VersionCode> {t.releases.canaryShareOf(formatShare(canary.share))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t.releases.canarySince(formatJalaliDate(canary.started_at, { withTime: true }))}
            </Typography>
            <Typography variant="body2">
              {t.releases.canaryFigures(formatNumber(canary.window_minutes), formatNumber(canary.page_views), formatNumber(canary.load_errors))}
            </Typography>
            <Button size="small" variant="outlined" color="error" aria-label={t.releases.endCanaryOf(name)} onClick={() => ask({ kind: 'end-canary', canary })}>
              {t.releases.endCanary}
            </Button>
          </Stack>
        ) : (
          <Typography color="text.secondary">{t.releases.noCanary}</Typography>
        )}
      </SummaryLine>
      {status.preview_version && (
        <SummaryLine term={t.releases.preview}>
          <VersionCode>{status.preview_version}</VersionCode>
        </SummaryLine>
      )}
    </Box>
  );
}

/** The preview switches' requests (item 3): PUT to start one, DELETE to end it, each with its toast. */
function usePreviewSwitch(status: RemoteReleaseStatus): Pick<VersionActions, 'onPreview' | 'previewBusy'> {
  const [startPreview, started] = useStartPreviewMutation();
  const [endPreview, ended] = useEndPreviewMutation();
  const { remote } = status;
  const name = remoteLabel(remote);
  const hours = formatNumber(RELEASE_PREVIEW_HOURS);
  return {
    previewBusy: started.isLoading || ended.isLoading,
    onPreview: (version, on) =>
      void (on
        ? runReleaseAction(startPreview({ remote, version }), t.releases.previewStarted(name, version, hours))
        : runReleaseAction(endPreview({ remote }), t.releases.previewEnded(name))),
  };
}

/**
 * One remote on `/dashboard/releases` (issue 35 item 5): its Persian name and what its pages are,
 * where it stands, the line that says a preview is for the user alone and for how long, its
 * versions with their actions, and the confirmation dialog of the action asked for.
 */
export function RemoteReleaseSection({ status, isFetching }: { status: RemoteReleaseStatus; isFetching: boolean }) {
  const headingId = useId();
  const [asked, setAsked] = useState<AskedAction | null>(null);
  const preview = usePreviewSwitch(status);
  const actions: VersionActions = {
    ...preview,
    onPromote: (version) => setAsked({ kind: 'promote', version }),
    onCanary: (version) => setAsked({ kind: 'canary', version }),
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {remoteLabel(status.remote)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t.releases.remoteParts[status.remote]} — <VersionCode>{status.remote}</VersionCode>
      </Typography>
      <ReleaseSummary status={status} ask={setAsked} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t.releases.previewHelp(formatNumber(RELEASE_PREVIEW_HOURS))}
      </Typography>
      <KeptVersionsTable status={status} isFetching={isFetching} actions={actions} />
      {asked && <ReleaseActionDialog status={status} asked={asked} onClose={() => setAsked(null)} />}
    </Paper>
  );
}
