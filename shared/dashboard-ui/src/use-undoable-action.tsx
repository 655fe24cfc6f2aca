import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, closeSnackbar, enqueueSnackbar } from '@shop/ui-kit';
import type { RowKey } from './use-row-selection';
import { claimRefusal, useRefusal, type Refusals } from './use-refusal';
import { t } from './strings';

/** How long an action waits for «بازگردانی» before it is sent (issue 26; react-admin's undoable mode). */
export const UNDO_DELAY_MS = 10_000;

/** A page of a list as the API answers it (DESIGN.md "API server": `{ data, meta }`). */
export interface ListPage<T> {
  data: T[];
  meta: { total: number };
}

/** What the hook reads of a list's RTK Query result: the page, and when it last arrived. */
export interface ListQuery<T> {
  data?: ListPage<T>;
  fulfilledTimeStamp?: number;
}

/** Options of {@link useUndoableAction}. */
export interface UndoableActionOptions<T, K extends RowKey, V, A> {
  /** The list's RTK Query result (`useGet…Query(…)`), whose rows the action takes. */
  query: ListQuery<T>;
  keyOf: (item: T) => K;
  /** Sends the action (an RTK mutation's `unwrap()`; the mutation sets `keepalive`, so it outlives a closing tab). */
  send: (items: T[], verb: V) => Promise<A>;
  /** The toast's text: what was done, in the past tense («۳ دیدگاه تأیید شد.»). */
  message: (items: T[], verb: V) => string;
  /** A toast once the server has answered, when its answer says more (a code deactivated rather than deleted). */
  done?: (answer: A, items: T[], verb: V) => string | undefined;
  /** Whether the rows leave the list while the action waits (by default they do); not for a verb that leaves them in the list (a ticket marked read under «همه»). */
  hides?: (verb: V) => boolean;
  /** Texts that explain a refusal better than the server's message, by HTTP status. */
  refusals?: Refusals;
  delayMs?: number;
}

/** A row waiting for its action, or one whose action was sent while the list was the one fetched at `fetchedAt`. */
type Stamp = 'waiting' | { fetchedAt: number | undefined };

/** One action waiting for its time (or an undo). */
interface Pending<T, V> {
  items: T[];
  verb: V;
  hides: boolean;
  timer: ReturnType<typeof setTimeout>;
  snackbar: ReturnType<typeof enqueueSnackbar>;
}

/**
 * An action with undo instead of a confirmation (issue 32 item 5, after issue 26's undoable
 * delete; react-admin's `mutationMode: 'undoable'`): `run(items, verb)` hides those rows at once
 * (`list` leaves them out and counts them off its total) and shows `message` with «بازگردانی»
 * for {@link UNDO_DELAY_MS}. «بازگردانی» shows the rows again and nothing is sent; otherwise
 * `send(items, verb)` runs when the time is up, or at once when the list unmounts (another page,
 * the app closing) or the tab is left (`pagehide`), so nothing decided is lost by navigating away.
 * Sent rows stay hidden until the list is fetched again (the refetch the write causes), which drops
 * them or shows what became of them. When `send` fails the rows come back and the reason
 * (`refusals` by status, else the server's message) stays above the list as `refusal`, or, once the
 * page is gone, is a toast. So the server needs no restore: it hears of nothing that was undone.
 *
 * @example
 * const query = useGetDashboardCommentsQuery(params);
 * const moderation = useUndoableAction({
 *   query,
 *   keyOf: (comment) => comment.id,
 *   send: (chosen, action: CommentBulkAction) => moderate({ action, comments: chosen }).unwrap(),
 *   message: (chosen, action) => t.comments.bulkDone[action](formatNumber(chosen.length)), // «۲ دیدگاه تأیید شد.»
 * });
 * // … moderation.list?.data.map(…) … onClick={() => moderation.run(chosen, 'approve')} … {moderation.refusal}
 * @returns `run`, `isHidden(key)`, the `list` without the hidden rows, and the `refusal` element to render
 */
export function useUndoableAction<T, K extends RowKey, V = void, A = unknown>(options: UndoableActionOptions<T, K, V, A>) {
  const { query, delayMs = UNDO_DELAY_MS } = options;
  const latest = useRef(options);
  latest.current = options;
  const [stamps, setStamps] = useState<ReadonlyMap<K, Stamp>>(() => new Map());
  const pending = useRef(new Map<number, Pending<T, V>>());
  const nextId = useRef(0);
  const mounted = useRef(true);
  const refusal = useRefusal(options.refusals ?? {});
  const refuse = useRef(refusal.refuse);
  refuse.current = refusal.refuse;
  const { clear: clearRefusal } = refusal;

  /** Sets the stamp of `items` (`null`: shown again); stamps of lists older than the current one go. */
  const stamp = useCallback((items: T[], next: Stamp | null) => {
    const keys = items.map(latest.current.keyOf);
    const fetchedAt = latest.current.query.fulfilledTimeStamp;
    setStamps((current) => {
      const kept = new Map([...current].filter(([, old]) => old === 'waiting' || old.fetchedAt === fetchedAt));
      for (const key of keys) {
        if (next === null) kept.delete(key);
        else kept.set(key, next);
      }
      return kept;
    });
  }, []);

  /** Ends the wait of action `id` (its timer and snackbar) and answers it; undefined when it already ended. */
  const takePending = useCallback((id: number) => {
    const entry = pending.current.get(id);
    if (!entry) return undefined;
    pending.current.delete(id);
    clearTimeout(entry.timer);
    closeSnackbar(entry.snackbar);
    return entry;
  }, []);

  /** Sends action `id` now (its time is up, or the page is going away). */
  const commit = useCallback(
    (id: number) => {
      const entry = takePending(id);
      if (!entry) return;
      latest.current.send(entry.items, entry.verb).then(
        (answer) => {
          if (entry.hides) stamp(entry.items, { fetchedAt: latest.current.query.fulfilledTimeStamp });
          const text = latest.current.done?.(answer, entry.items, entry.verb);
          if (text) enqueueSnackbar(text, { variant: 'success' });
        },
        (error: unknown) => {
          stamp(entry.items, null);
          if (mounted.current) {
            refuse.current(error);
            return;
          }
          // The page that would show the reason is gone: it becomes a toast.
          const reason = claimRefusal(error, latest.current.refusals ?? {});
          if (reason) enqueueSnackbar(reason, { variant: 'error' });
        },
      );
    },
    [takePending, stamp],
  );

  const undo = useCallback(
    (id: number) => {
      const entry = takePending(id);
      if (entry?.hides) stamp(entry.items, null);
    },
    [takePending, stamp],
  );

  const run = useCallback(
    (items: T[], verb: V) => {
      if (items.length === 0) return;
      const id = nextId.current++;
      const hides = latest.current.hides?.(verb) ?? true;
      if (hides) stamp(items, 'waiting');
      clearRefusal();
      const snackbar = enqueueSnackbar(latest.current.message(items, verb), {
        variant: 'info',
        autoHideDuration: delayMs,
        action: () => (
          <Button color="inherit" size="small" onClick={() => undo(id)} sx={{ fontWeight: 700 }}>
            {t.undo}
          </Button>
        ),
      });
      pending.current.set(id, { items, verb, hides, snackbar, timer: setTimeout(() => commit(id), delayMs) });
    },
    [commit, undo, stamp, clearRefusal, delayMs],
  );

  useEffect(() => {
    mounted.current = true;
    const flush = () => [...pending.current.keys()].forEach(commit);
    window.addEventListener('pagehide', flush);
    return () => {
      mounted.current = false;
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [commit]);

  const isHidden = (key: K) => {
    const found = stamps.get(key);
    return found === 'waiting' || (found !== undefined && found.fetchedAt === query.fulfilledTimeStamp);
  };
  const page = query.data;
  const rows = page?.data.filter((row) => !isHidden(options.keyOf(row)));
  const list: ListPage<T> | undefined =
    page && rows && { ...page, data: rows, meta: { ...page.meta, total: page.meta.total - (page.data.length - rows.length) } };
  return { run, isHidden, list, refusal: refusal.element };
}
