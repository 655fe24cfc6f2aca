import { useState } from 'react';
import { readApiError, type FetchBaseQueryError } from '@shop/api-client';
import { ConfirmDialog } from '@shop/content-ui';
import { Alert, enqueueSnackbar } from '@shop/ui-kit';
import { t } from '../strings';

/**
 * Delete after a confirmation dialog (SPEC §2 dashboard lists). `ask(item)` opens the dialog; on
 * confirm `remove(item)` runs (an RTK mutation's `unwrap()`), a toast says it is done and
 * `onDeleted` follows; a refusal keeps the item and leaves the reason on the page: the text
 * `refusals` gives for its status, else the server's Persian message (a builtin permission, oneself).
 * @returns `ask`, and the `dialog` and `refusal` elements to render
 */
export function useConfirmedDelete<T>({
  remove,
  textOf,
  pending,
  done = t.deleted,
  refusals = {},
  onDeleted,
}: {
  remove: (item: T) => Promise<unknown>;
  textOf: (item: T) => string;
  pending: boolean;
  /** The success toast. */
  done?: string;
  /** Texts that explain a refusal better than the server's message, by HTTP status (405: a buyer). */
  refusals?: Partial<Record<number, string>>;
  onDeleted?: () => void;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      await remove(target);
      setRefusal(null);
      enqueueSnackbar(done, { variant: 'success' });
      onDeleted?.();
    } catch (error) {
      const { status, message } = readApiError(error as FetchBaseQueryError);
      setRefusal(refusals[status] ?? message ?? null);
    }
    setTarget(null);
  };
  return {
    ask: (item: T) => setTarget(item),
    dialog: (
      <ConfirmDialog
        open={target !== null}
        title={t.deleteTitle}
        text={target === null ? '' : textOf(target)}
        confirmLabel={t.confirmDelete}
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
