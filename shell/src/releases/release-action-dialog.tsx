import type { RemoteCanary, RemoteReleaseStatus } from '@shop/contracts';
import { enqueueSnackbar } from '@shop/ui-kit';
import { CanaryDialog, ConfirmReleaseDialog, type CanaryOutcome } from './release-dialogs';
import { formatShare, remoteLabel, versionLabel } from './release-format';
import { usePromoteReleaseMutation, useRollbackReleaseMutation, useStartCanaryMutation, useEndCanaryMutation } from './releases-api';
import { claimReleaseRefusal, runReleaseAction } from './run-release-action';
import { t } from '../strings';

/** The share a new canary's field starts with, in percent. */
const DEFAULT_CANARY_SHARE = 10;

/**
 * The action a button asked for, waiting for its confirmation. Ending a canary keeps the canary the
 * button showed: if it ended meanwhile (the server's own rollback, another tab) the server says so.
 */
export type AskedAction =
  | { kind: 'promote'; version: string }
  | { kind: 'canary'; version: string }
  | { kind: 'rollback' }
  | { kind: 'end-canary'; canary: RemoteCanary };

/**
 * The confirmation of one release action on a remote (issue 35 item 5), naming the remote and the
 * versions involved, and the request it sends once confirmed, with its toast: promote a version,
 * start a canary (with its share), roll back to `previous_version` (or the remote's own build),
 * end the canary. Nothing is sent before the confirm button is pressed.
 * @param status where the remote stands now (the dialog's texts follow it)
 * @param asked what was asked for
 * @param onClose called when the dialog is done, confirmed or not
 */
export function ReleaseActionDialog({ status, asked, onClose }: { status: RemoteReleaseStatus; asked: AskedAction; onClose: () => void }) {
  const [promote] = usePromoteReleaseMutation();
  const [rollback] = useRollbackReleaseMutation();
  const [startCanary] = useStartCanaryMutation();
  const [endCanary] = useEndCanaryMutation();
  const { remote, canary } = status;
  const name = remoteLabel(remote);
  const active = versionLabel(status.active_version);
  const r = t.releases;

  switch (asked.kind) {
    case 'promote': {
      const { version } = asked;
      return (
        <ConfirmReleaseDialog
          title={r.promoteTitle(name, version)}
          paragraphs={[r.promoteText(name, version, active), ...(canary?.version === version ? [r.promoteEndsCanary] : [])]}
          confirmLabel={r.promote}
          onConfirm={() => runReleaseAction(promote({ remote, version }), r.promoted(name, version))}
          onClose={onClose}
        />
      );
    }
    case 'rollback': {
      const previous = versionLabel(status.previous_version);
      return (
        <ConfirmReleaseDialog
          title={r.rollbackTitle(name)}
          paragraphs={[r.rollbackText(name, active, previous)]}
          confirmLabel={r.rollbackConfirm}
          danger
          onConfirm={() => runReleaseAction(rollback({ remote }), r.rolledBack(name, previous))}
          onClose={onClose}
        />
      );
    }
    case 'end-canary':
      return (
        <ConfirmReleaseDialog
          title={r.endCanaryTitle(name)}
          paragraphs={[r.endCanaryText(name, asked.canary.version, formatShare(asked.canary.share), active)]}
          confirmLabel={r.endCanary}
          danger
          onConfirm={() => runReleaseAction(endCanary({ remote }), r.canaryEnded(name))}
          onClose={onClose}
        />
      );
    case 'canary': {
      const { version } = asked;
      const replaces = canary && canary.version !== version ? [r.canaryReplaces(canary.version, formatShare(canary.share))] : [];
      const start = async (share: number): Promise<CanaryOutcome> => {
        try {
          await startCanary({ remote, version, share }).unwrap();
          enqueueSnackbar(r.canaryStarted(name, version, formatShare(share)), { variant: 'success' });
          return { done: true };
        } catch (error) {
          const refusal = claimReleaseRefusal(error);
          // A refused share shows under its field; other refusals in a toast.
          const inForm = refusal.status === 422 && refusal.fieldErrors.share !== undefined;
          if (refusal.shownHere && !inForm) enqueueSnackbar(refusal.message ?? t.errors.generic, { variant: 'error' });
          return { done: false, ...refusal };
        }
      };
      return (
        <CanaryDialog
          title={r.canaryTitle(name, version)}
          paragraphs={[r.canaryText(name, version, active), ...replaces]}
          initialShare={canary?.version === version ? canary.share : DEFAULT_CANARY_SHARE}
          onStart={start}
          onClose={onClose}
        />
      );
    }
  }
}
