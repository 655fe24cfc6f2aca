import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, closeSnackbar, enqueueSnackbar } from '@shop/ui-kit';
import type { RowKey } from './use-row-selection';
import { t } from './strings';

/** How long a delete waits for «بازگردانی» before it is sent (issue 26; react-admin's undoable mode). */
export const UNDO_DELAY_MS = 10_000;

/** One delete waiting for its time (or an undo). */
interface Pending<T> {
  items: T[];
  timer: ReturnType<typeof setTimeout>;
  snackbar: ReturnType<typeof enqueueSnackbar>;
}

/**
 * Delete with undo instead of a confirmation (issue 26, react-admin's `mutationMode: 'undoable'`):
 * `remove(items)` hides those rows at once (`isHidden(key)`, keys by `keyOf`) and shows `message`
 * («۳ دیدگاه حذف شد.») with «بازگردانی» for {@link UNDO_DELAY_MS}. «بازگردانی» shows the rows again
 * and nothing is sent; otherwise `send(items)` (an RTK mutation's `unwrap()`) runs when the time is up, or at once when
 * the list unmounts (another page, the app closing) or the tab is left (`pagehide`), so a delete is
 * never lost by navigating away. When `send` fails the rows come back; the server's message is
 * shown by the error catalogue as for any failed action.
 *
 * @example
 * const deletion = useUndoableDelete({ keyOf: (comment: DashboardComment) => comment.id, send: (comments) => bulk({ action: 'delete', comments }).unwrap(), message: (comments) => `${comments.length} دیدگاه حذف شد.` });
 * const rows = data.filter((row) => !deletion.isHidden(row.id)); // … onClick={() => deletion.remove([row])}
 */
export function useUndoableDelete<T, K extends RowKey>({
  keyOf,
  send,
  message,
  delayMs = UNDO_DELAY_MS,
}: {
  keyOf: (item: T) => K;
  send: (items: T[]) => Promise<unknown>;
  /** The snackbar's text for the rows deleted («۳ دیدگاه حذف شد.»). */
  message: (items: T[]) => string;
  delayMs?: number;
}) {
  const [hidden, setHidden] = useState<ReadonlySet<K>>(() => new Set());
  const pending = useRef(new Map<number, Pending<T>>());
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  const nextId = useRef(0);
  const sendRef = useRef(send);
  sendRef.current = send;

  const show = useCallback((items: T[]) => {
    const keys = items.map(keyOfRef.current);
    setHidden((current) => new Set([...current].filter((key) => !keys.includes(key))));
  }, []);

  /** Ends the wait of delete `id` (its timer and snackbar) and answers it; undefined when it already ended. */
  const takePending = useCallback((id: number) => {
    const entry = pending.current.get(id);
    if (!entry) return undefined;
    pending.current.delete(id);
    clearTimeout(entry.timer);
    closeSnackbar(entry.snackbar);
    return entry;
  }, []);

  /** Sends the delete `id` now (its time is up, or the page is going away). */
  const commit = useCallback(
    (id: number) => {
      const entry = takePending(id);
      // The rows stay hidden: the refetch after the delete drops them for good.
      if (entry) sendRef.current(entry.items).catch(() => show(entry.items));
    },
    [takePending, show],
  );

  const undo = useCallback(
    (id: number) => {
      const entry = takePending(id);
      if (entry) show(entry.items);
    },
    [takePending, show],
  );

  const remove = useCallback(
    (items: T[]) => {
      if (items.length === 0) return;
      const id = nextId.current++;
      setHidden((current) => new Set([...current, ...items.map(keyOfRef.current)]));
      const snackbar = enqueueSnackbar(message(items), {
        variant: 'info',
        autoHideDuration: delayMs,
        action: () => (
          <Button color="inherit" size="small" onClick={() => undo(id)} sx={{ fontWeight: 700 }}>
            {t.undo}
          </Button>
        ),
      });
      pending.current.set(id, { items, snackbar, timer: setTimeout(() => commit(id), delayMs) });
    },
    [commit, undo, message, delayMs],
  );

  useEffect(() => {
    const flush = () => [...pending.current.keys()].forEach(commit);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [commit]);

  return { remove, isHidden: (key: K) => hidden.has(key) };
}
