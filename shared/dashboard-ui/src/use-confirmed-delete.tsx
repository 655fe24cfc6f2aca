import { useState } from 'react';
import { ConfirmDialog } from '@shop/content-ui';
import { enqueueSnackbar } from '@shop/ui-kit';
import { useRefusal, type Refusals } from './use-refusal';
import { t } from './strings';

/**
 * Delete after a confirmation dialog (SPEC §2 dashboard lists). `ask(item)` opens the dialog; on
 * confirm `remove(item)` runs (an RTK mutation's `unwrap()`), a toast says it is done (`done`, or
 * `done(answer)` for an answer that says what happened, else «حذف شد.») and `onDeleted` follows; a refusal keeps the item and leaves the reason on the
 * page: the text `refusals` gives for its status, else the server's Persian message (a course
 * that was sold, a builtin permission, oneself). Lists delete with `useUndoableDelete` instead
 * (issue 32 item 5); this is for a delete that leaves the page (an item's own page), where no undo
 * window can live: the page that would hide the item and offer «بازگردانی» is gone.
 *
 * @example
 * const deletion = useConfirmedDelete<Link>({ remove: (link) => remove(link.id).unwrap(), textOf: (link) => `«${link.title}» حذف می‌شود.`, pending });
 * // …<RowActions onDelete={() => deletion.ask(link)} /> … {deletion.refusal} … {deletion.dialog}
 * @returns `ask`, and the `dialog` and `refusal` elements to render
 */
export function useConfirmedDelete<T, A = unknown>({
  remove,
  textOf,
  pending,
  done = t.deleted,
  refusals = {},
  onDeleted,
}: {
  remove: (item: T) => Promise<A>;
  /** What the dialog says will happen to the item. */
  textOf: (item: T) => string;
  /** The delete request is running (both buttons disabled). */
  pending: boolean;
  /** The success toast, or a function of the answer (a code deactivated rather than deleted, issue 25). */
  done?: string | ((answer: A) => string);
  /** Texts that explain a refusal better than the server's message, by HTTP status (405: a buyer). */
  refusals?: Refusals;
  onDeleted?: () => void;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const refusal = useRefusal(refusals);
  const confirm = async () => {
    if (target === null) return;
    try {
      const answer = await remove(target);
      refusal.clear();
      enqueueSnackbar(typeof done === 'function' ? done(answer) : done, { variant: 'success' });
      onDeleted?.();
    } catch (error) {
      // The page shows the reason, so the shell adds no toast of its own (issue 22 item 11).
      refusal.refuse(error);
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
    refusal: refusal.element,
  };
}
