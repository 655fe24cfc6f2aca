import { useState } from 'react';
import { readApiError, type FetchBaseQueryError } from '@shop/api-client';
import { ConfirmDialog } from '@shop/content-ui';
import { Alert, enqueueSnackbar } from '@shop/ui-kit';
import { t } from '../strings';

/**
 * Delete after a confirmation dialog (SPEC §2 dashboard lists). `ask(item)` opens the dialog;
 * on confirm `remove(item)` runs (an RTK mutation's `unwrap()`), a toast says it is done, and a
 * refusal keeps the server's Persian message on the page (e.g. a course that was sold: «deactivate it instead»).
 * @returns `ask`, and the `dialog` and `refusal` elements to render
 */
export function useConfirmedDelete<T>({
  remove,
  textOf,
  pending,
}: {
  remove: (item: T) => Promise<{ message?: string } | null | undefined>;
  textOf: (item: T) => string;
  pending: boolean;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      const answer = await remove(target);
      setRefusal(null);
      enqueueSnackbar(answer?.message ?? t.dashboard.deleted, { variant: 'success' });
    } catch (error) {
      setRefusal(readApiError(error as FetchBaseQueryError).message ?? null);
    }
    setTarget(null);
  };
  return {
    ask: (item: T) => setTarget(item),
    dialog: (
      <ConfirmDialog
        open={target !== null}
        title={t.dashboard.deleteTitle}
        text={target === null ? '' : textOf(target)}
        confirmLabel={t.dashboard.confirmDelete}
        pending={pending}
        onCancel={() => setTarget(null)}
        onConfirm={confirm}
      />
    ),
    refusal: refusal && (
      <Alert severity="warning" role="alert" onClose={() => setRefusal(null)} sx={{ mb: 2 }}>
        {refusal}
      </Alert>
    ),
  };
}
