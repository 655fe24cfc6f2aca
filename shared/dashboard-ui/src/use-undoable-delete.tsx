import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@shop/router';
import type { RowKey } from './use-row-selection';
import { useUndoableAction, type UndoableActionOptions } from './use-undoable-action';

/** Options of {@link useUndoableDelete}: those of `useUndoableAction`, for one row at a time, keyed by its `id`. */
export type UndoableDeleteOptions<T extends { id: RowKey }, A> = Omit<UndoableActionOptions<T, T['id'], void, A>, 'keyOf' | 'hides' | 'send' | 'message' | 'done'> & {
  /** Sends the DELETE (an RTK mutation's `unwrap()`; the mutation sets `keepalive`). */
  send: (item: T) => Promise<A>;
  /** The toast's text: what was deleted, in the past tense («دوره «…» … حذف شد.»). */
  message: (item: T) => string;
  /** A toast once the server has answered, when its answer says more (a code deactivated rather than deleted). */
  done?: (answer: A, item: T) => string | undefined;
};

/** The router state of a list page opened to delete one of its rows: see {@link deleteOnList}. */
interface DeleteOnListState<T> {
  undoableDelete: T;
}

/**
 * The router state that opens a list page and deletes `item` there as its row's «حذف» would, with
 * the same undo window (issue 32 item 5): an edit page's delete leaves for the list, where the row
 * is hidden and «بازگردانی» shown, instead of asking first and deleting for good.
 *
 * @example
 * <Button onClick={() => navigate(PATHS.permissions, { state: deleteOnList(permission) })}>حذف دسترسی</Button>
 */
export function deleteOnList<T>(item: T): DeleteOnListState<T> {
  return { undoableDelete: item };
}

/**
 * Delete a list's row with undo instead of a confirmation (issue 26; every dashboard list since
 * issue 32 item 5): {@link useUndoableAction} with the delete as its one action. `remove(row)` hides
 * the row and shows `message` with «بازگردانی» for 10 seconds; the DELETE goes when the time is up,
 * or at once when the page goes away. A refusal brings the row back and stays above the list as
 * `refusal` (`refusals` by status, else the server's message). A page opened with
 * {@link deleteOnList}'s state deletes that item so at once, and forgets the state (a reload or
 * «بازگشت» deletes nothing again).
 *
 * @example
 * const query = useGetDashboardUsersQuery(params);
 * const deletion = useUndoableDelete({ query, send: (user) => deleteUser(user.id).unwrap(), message: (user) => t.userDeleted(user.full_name), refusals: { 405: t.deleteRefusedBuyer } });
 * // … {deletion.refusal} <DataTable rows={deletion.list?.data} …/> … onDelete={() => deletion.remove(user)}
 * @returns `remove(row)`, `isHidden(key)`, the `list` without the hidden rows, and the `refusal` element to render
 */
export function useUndoableDelete<T extends { id: RowKey }, A = unknown>({ send, message, done, ...options }: UndoableDeleteOptions<T, A>) {
  const { run, ...rest } = useUndoableAction<T, T['id'], void, A>({
    ...options,
    keyOf: (item) => item.id,
    // `remove` hands over exactly one row.
    send: (items) => send(items[0] as T),
    message: (items) => message(items[0] as T),
    done: done && ((answer, items) => done(answer, items[0] as T)),
  });
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = (location.state as Partial<DeleteOnListState<T>> | null)?.undoableDelete;
  // React runs an effect twice in development: the hand-over is taken once per visit.
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (!handedOver || taken.current === location.key) return;
    taken.current = location.key;
    run([handedOver]);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [handedOver, location, navigate, run]);
  return { remove: (item: T) => run([item]), ...rest };
}
