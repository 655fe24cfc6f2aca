/** @jest-environment-options {"url": "http://127.0.0.1:25471"} */
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/api-client';
import { formatNumber } from '@shop/format';
import { expectSentAfterUndoWindow, renderPage, startApiServer, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
import { useUndoableAction, type ListPage } from './use-undoable-action';

// Issue 32 item 5: any action waits UNDO_DELAY_MS with «بازگردانی» before it is sent.

interface Thing {
  id: number;
  title: string;
  published: boolean;
}
type Verb = 'publish' | 'delete';

const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getThings: build.query<ListPage<Thing>, void>({ query: () => '/things', providesTags: ['Post'] }),
    actOnThings: build.mutation<{ message: string }, { action: Verb; ids: number[] }>({
      query: (body) => ({ url: '/things/bulk', method: 'POST', body, keepalive: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Post']),
    }),
  }),
});

const LOCKED = 'نوشته قفل‌شده را نمی‌شود منتشر کرد.';

/** A list page as a remote writes one: the rows, their count, two actions and the refusal. */
function ThingsPage() {
  const query = thingsApi.useGetThingsQuery();
  const [send] = thingsApi.useActOnThingsMutation();
  const things = useUndoableAction({
    query,
    keyOf: (thing) => thing.id,
    send: (chosen, action: Verb) => send({ action, ids: chosen.map((thing) => thing.id) }).unwrap(),
    message: (chosen, action) => `${formatNumber(chosen.length)} نوشته ${action === 'publish' ? 'منتشر' : 'حذف'} شد.`,
    done: (answer, _chosen, action) => (action === 'publish' ? answer.message : undefined),
    refusals: { 405: LOCKED },
  });
  const first = (count: number) => query.data?.data.slice(0, count) ?? [];
  return (
    <>
      {things.refusal}
      <p role="status" aria-label="شمار نوشته‌ها">{things.list && `${formatNumber(things.list.meta.total)} نوشته`}</p>
      <ul aria-label="نوشته‌ها">
        {things.list?.data.map((thing) => (
          <li key={thing.id}>{`${thing.title}${thing.published ? ' (منتشرشده)' : ''}`}</li>
        ))}
      </ul>
      <button type="button" onClick={() => things.run(first(2), 'publish')}>
        انتشار دو نوشته نخست
      </button>
      <button type="button" onClick={() => things.run(first(1), 'delete')}>
        حذف نوشته نخست
      </button>
    </>
  );
}

/** The page inside the app: «رفتن به صفحه دیگر» unmounts it while the toasts stay. */
function App() {
  const [here, setHere] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setHere(false)}>
        رفتن به صفحه دیگر
      </button>
      {here && <ThingsPage />}
    </>
  );
}

let things: Thing[] = [];
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(25471, ({ method, url, json }) => {
    if (method === 'GET' && url.pathname === '/api/things') return { data: things, meta: { total: things.length + 10 } };
    if (method !== 'POST' || url.pathname !== '/api/things/bulk') return undefined;
    const { action, ids } = json as { action: Verb; ids: number[] };
    if (action === 'publish' && things.some((thing) => ids.includes(thing.id) && thing.title.includes('قفل'))) {
      return { status: 405, body: { message: 'این عملیات معتبر نیست.' } };
    }
    if (action === 'delete') things = things.filter((thing) => !ids.includes(thing.id));
    else things = things.map((thing) => (ids.includes(thing.id) ? { ...thing, published: true } : thing));
    return { message: `${ids.length.toLocaleString('fa-IR')} نوشته منتشر شد و در خوراک آمد.` };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.splice(0);
  things = [
    { id: 1, title: 'نوشته یکم', published: false },
    { id: 2, title: 'نوشته دوم', published: false },
    { id: 3, title: 'نوشته سوم', published: false },
  ];
});
const setup = useFakeClock();
const writes = () => server.seen.filter((r) => r.method !== 'GET').map((r) => r.json);
const reads = () => server.seen.filter((r) => r.method === 'GET').length;
const titles = () => within(screen.getByRole('list', { name: 'نوشته‌ها' })).queryAllByRole('listitem').map((item) => item.textContent);
/** The alerts on the page itself, not notistack's toasts (which are alerts too). */
const pageAlerts = () => screen.queryAllByRole('alert').filter((alert) => !alert.querySelector('#notistack-snackbar')).map((alert) => alert.textContent);
const renderApp = async () => {
  const result = renderPage(<App />, { url: '/dashboard/things' });
  await screen.findByText(/^نوشته سوم/);
  return result;
};

describe('useUndoableAction (issue 32 item 5)', () => {
  it('hides the rows at once with the toast and «بازگردانی», and sends the action when the window ends, not before', async () => {
    const user = setup();
    await renderApp();
    expect(screen.getByRole('status', { name: 'شمار نوشته‌ها' }).textContent).toBe('۱۳ نوشته');
    await user.click(screen.getByRole('button', { name: 'حذف نوشته نخست' }));
    expect(titles()).toEqual(['نوشته دوم', 'نوشته سوم']);
    expect(screen.getByRole('status', { name: 'شمار نوشته‌ها' }).textContent).toBe('۱۲ نوشته');
    expect(await screen.findByText('۱ نوشته حذف شد.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'بازگردانی' })).toBeTruthy();

    await expectSentAfterUndoWindow(writes, [{ action: 'delete', ids: [1] }]);
    // The refetch the write causes drops the row for good; it never shows again on the way.
    await waitFor(() => expect(reads()).toBe(2));
    expect(titles()).toEqual(['نوشته دوم', 'نوشته سوم']);
    expect(screen.getByRole('status', { name: 'شمار نوشته‌ها' }).textContent).toBe('۱۲ نوشته');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگردانی' })).toBeNull());
  });

  it('«بازگردانی» shows the rows again and nothing is ever sent', async () => {
    const user = setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'انتشار دو نوشته نخست' }));
    expect(titles()).toEqual(['نوشته سوم']);
    expect(await screen.findByText('۲ نوشته منتشر شد.')).toBeTruthy();
    act(() => jest.advanceTimersByTime(5_000));
    await undoAndExpectNothingSent(user, writes);
    expect(writes()).toEqual([]);
    expect(titles()).toEqual(['نوشته یکم', 'نوشته دوم', 'نوشته سوم']);
    expect(screen.getByRole('status', { name: 'شمار نوشته‌ها' }).textContent).toBe('۱۳ نوشته');
    expect(reads()).toBe(1);
  });

  it.each([
    ['the tab is left (pagehide)', () => act(() => window.dispatchEvent(new Event('pagehide')))],
    ['the page is left', () => userEvent.click(screen.getByRole('button', { name: 'رفتن به صفحه دیگر' }))],
  ])('sends what waits at once when %s', async (_when, leave) => {
    const user = setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'انتشار دو نوشته نخست' }));
    act(() => jest.advanceTimersByTime(3_000));
    expect(writes()).toEqual([]);
    await leave();
    await waitFor(() => expect(writes()).toEqual([{ action: 'publish', ids: [1, 2] }]));
    act(() => jest.advanceTimersByTime(20_000));
    expect(writes()).toHaveLength(1);
  });

  it('rows the list still has after the write come back as they now are, and `done` toasts the answer', async () => {
    const user = setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'انتشار دو نوشته نخست' }));
    expect(titles()).toEqual(['نوشته سوم']);
    act(() => jest.advanceTimersByTime(10_000));
    expect(await screen.findByText('۲ نوشته منتشر شد و در خوراک آمد.')).toBeTruthy();
    await waitFor(() => expect(titles()).toEqual(['نوشته یکم (منتشرشده)', 'نوشته دوم (منتشرشده)', 'نوشته سوم']));
    expect(writes()).toEqual([{ action: 'publish', ids: [1, 2] }]);
  });

  it('they come back after the refetch even when it answers the very same list', async () => {
    things = things.map((thing) => ({ ...thing, published: true }));
    const user = setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'انتشار دو نوشته نخست' }));
    act(() => jest.advanceTimersByTime(10_000));
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(() => expect(titles()).toEqual(['نوشته یکم (منتشرشده)', 'نوشته دوم (منتشرشده)', 'نوشته سوم (منتشرشده)']));
  });

  it('a refusal brings the rows back and keeps its reason above the list', async () => {
    things[1]!.title = 'نوشته قفل‌شده';
    const user = setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'انتشار دو نوشته نخست' }));
    act(() => jest.advanceTimersByTime(10_000));
    await waitFor(() => expect(pageAlerts()).toEqual([LOCKED]));
    expect(titles()).toEqual(['نوشته یکم', 'نوشته قفل‌شده', 'نوشته سوم']);
    expect(screen.getByRole('status', { name: 'شمار نوشته‌ها' }).textContent).toBe('۱۳ نوشته');
  });

  it('a refusal that comes once the page is gone is a toast', async () => {
    things[0]!.title = 'نوشته قفل‌شده';
    const user = setup();
    await renderApp();
    await user.click(screen.getByRole('button', { name: 'انتشار دو نوشته نخست' }));
    await user.click(screen.getByRole('button', { name: 'رفتن به صفحه دیگر' }));
    expect((await screen.findByText(LOCKED)).closest('#notistack-snackbar')).toBeTruthy();
    expect(pageAlerts()).toEqual([]);
    expect(writes()).toEqual([{ action: 'publish', ids: [1, 2] }]);
  });
});
