/**
 * Component-test helpers of the remotes: a real HTTP server that plays the API, and
 * `renderPage`, which mounts a page as the shell would (real store, RTL theme, router).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BoughtProduct, User } from '@shop/contracts';
import { Provider, makeStore, uploadProgressed, userReceived, type Middleware } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/router';

export { clickWithUndo, expectSentAfterUndoWindow, undoAndExpectNothingSent, useFakeClock } from './undo-window';
export { describeRemoteContract } from './remote-contract';

/** One request as the test server received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, on the server's origin. */
  url: URL;
  headers: IncomingHttpHeaders;
  /** The raw body. */
  raw: Buffer;
  /** The raw body as text (UTF-8). */
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

/** Answers one request (or a promise of it): a JSON body (200), `{ status, body }`, or undefined for 404. */
export type ApiHandler = (request: RecordedRequest) => unknown;

/**
 * A real HTTP server on 127.0.0.1 that plays the API for component tests and records every
 * request of the test running now with its body (an earlier test's late request gets a 410). The test file's jsdom URL (`@jest-environment-options {"url": …}`)
 * must be this origin, because the app calls the API on its own origin (`/api/...`).
 * @param port fixed port, one per test file
 * @param handler answers each request
 */
export async function startApiServer(port: number, handler: ApiHandler): Promise<{ seen: RecordedRequest[]; close: () => Promise<void> }> {
  const seen: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = raw.toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const request: RecordedRequest = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', `http://127.0.0.1:${port}`), headers: req.headers, raw, text, json };
      // A request an earlier test sent (jest.jsdom-env.js tags each fetch with its test) that
      // arrived after that test ended is neither recorded nor answered by the handler: it would
      // land in this test's record, or change the state this test's fake keeps.
      const sentBy = req.headers['x-sent-by-test'];
      if (sentBy !== undefined && Number(sentBy) !== (globalThis as { __currentTest?: number }).__currentTest) {
        res.writeHead(410, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ message: 'درخواست آزمون پیشین' }));
        return;
      }
      seen.push(request);
      void Promise.resolve(handler(request)).then((answer) => {
        const { status, body } =
          answer === undefined
            ? { status: 404, body: { message: 'یافت نشد' } }
            : typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer
              ? (answer as { status: number; body: unknown })
              : { status: 200, body: answer };
        res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      });
    });
  });
  // A port already taken fails the file at once and says which port, instead of a 30-second hook timeout.
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`startApiServer: port ${port} is not free (${error.message})`)));
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The multipart fields of a recorded request: strings as they are, files as «name size type». */
export async function multipartFields(request: RecordedRequest): Promise<Record<string, string>> {
  const parsed = await new Request('http://test/', {
    method: 'POST',
    headers: { 'content-type': String(request.headers['content-type']) },
    body: new Uint8Array(request.raw),
  }).formData();
  return Object.fromEntries(
    [...parsed.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `${value.name} ${value.size} ${value.type}`]),
  );
}

/** Shows where the router is (path, query and hash) so tests can read the URL a page set. */
function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${search}${hash}`}</output>;
}

/** Options of {@link renderPage}. */
export interface RenderPageOptions {
  /** The URL the router starts at. */
  url: string;
  /** The route pattern the page is mounted on (defaults to the URL's path). */
  path?: string;
  /** The signed-in user, if any, with their bought products. */
  user?: User;
  buyedProducts?: BoughtProduct[];
  /** The router state of that first entry (what a `navigate(url, { state })` would carry). */
  state?: unknown;
}

/**
 * Renders a page as the shell would: a real store, the RTL theme and a router. Every other
 * path renders nothing, so a link click can be followed through the location probe.
 */
export function renderPage(page: ReactElement, { url, path, user, buyedProducts, state }: RenderPageOptions) {
  const store = makeStore();
  if (user) store.dispatch(userReceived({ user, buyedProducts }));
  const result = render(
    <Provider store={store}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[state === undefined ? url : { pathname: url.split('?')[0], search: url.includes('?') ? url.slice(url.indexOf('?')) : '', state }]}>
          <Routes>
            <Route path={path ?? url.split(/[?#]/)[0]} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AppThemeProvider>
    </Provider>,
  );
  return { store, ...result };
}

/** The URL the router is at now: path, query and hash. */
export function currentLocation(container: HTMLElement = document.body): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** A user as the API would send it; fields can be overridden. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    full_name: 'سارا محمدی',
    email: 'sara@example.com',
    mobile: '+989121234567',
    way_of_knowing_our_website: null,
    write_comment_status: 'allowed',
    comment_barred_until: null,
    status: 'ordinary',
    is_email_verified: true,
    email_verified_at: '2025-03-02T08:00:00Z',
    is_mobile_verified: false,
    permissions: [],
    created_at: '2025-03-01T08:00:00Z',
    updated_at: '2025-03-01T08:00:00Z',
    ...overrides,
  };
}

/**
 * Makes the test file's `FormData` jsdom's own for its duration. The test environment swaps it
 * for Node's (for fetch), but jsdom's XMLHttpRequest only serializes its own, as a browser's
 * XHR does with the browser's FormData: call this at the top of a file that uploads with XHR.
 */
export function useBrowserFormData(): void {
  const nodeFormData = window.FormData;
  beforeAll(() => {
    window.FormData = (window as unknown as Record<symbol, { FormData: typeof FormData }>)[Symbol.for('[webidl2js] constructor registry')]!.FormData;
  });
  afterAll(() => {
    window.FormData = nodeFormData;
  });
}

/**
 * jsdom's `<audio>` and `<video>` do not play: call this at the top of a file that plays one.
 * `play()` and `pause()` then set `paused` and fire `play`/`pause` as a browser does; time, length
 * and loading stay the test's to set (`currentTime`, a `duration` property, `loadedmetadata`).
 */
export function useMediaPlayback(): void {
  const playing = new WeakSet<HTMLMediaElement>();
  const { play, pause } = HTMLMediaElement.prototype;
  const paused = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'paused')!;
  beforeAll(() => {
    HTMLMediaElement.prototype.play = function playStub(this: HTMLMediaElement) {
      playing.add(this);
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    };
    HTMLMediaElement.prototype.pause = function pauseStub(this: HTMLMediaElement) {
      playing.delete(this);
      this.dispatchEvent(new Event('pause'));
    };
    Object.defineProperty(HTMLMediaElement.prototype, 'paused', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return !playing.has(this);
      },
    });
  });
  afterAll(() => {
    Object.assign(HTMLMediaElement.prototype, { play, pause });
    Object.defineProperty(HTMLMediaElement.prototype, 'paused', paused);
  });
}

/**
 * Mounts dashboard form pages as the shell's dashboard would, signed in as a super user, and
 * records every upload-progress value the store receives.
 * @param url where the router starts
 * @param routes element by route path (the form pages and the lists they return to)
 * @returns the store and the upload-progress values in order (percent)
 */
export function renderDashboardForm(url: string, routes: Record<string, ReactElement>) {
  const progress: number[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    if (uploadProgressed.match(action)) progress.push(action.payload);
    return next(action);
  };
  const store = makeStore(undefined, [recorder]);
  store.dispatch(userReceived({ user: aUser({ status: 'super' }) }));
  render(
    <Provider store={store}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </AppThemeProvider>
    </Provider>,
  );
  return { store, progress };
}

/**
 * jsdom has no layout: ProseMirror (under the rich-text editor of `@shop/forms`) asks where the
 * cursor is on screen when it scrolls the selection into view and when it reads a click. Call this
 * at the top of a file that renders a form with a rich field; every rectangle is empty, as on a
 * hidden page.
 */
export function stubLayoutForEditor(): void {
  const empty = () => new DOMRect(0, 0, 0, 0);
  const rects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  beforeAll(() => {
    Range.prototype.getBoundingClientRect = empty;
    Range.prototype.getClientRects = rects;
    document.elementFromPoint = () => null;
  });
}

/** The text box of the rich-text editor (`FormRichTextField`) labelled `label`, once its chunk has loaded. */
export function findRichTextBox(label: string): Promise<HTMLElement> {
  return screen.findByRole('textbox', { name: label }, { timeout: 10_000 });
}

/**
 * Types `text` into the focused rich-text editor one key at a time, as a person does: ProseMirror
 * reads each change back from the DOM, and a whole string in one `userEvent.keyboard` call loses
 * letters in jsdom. `{` and `[` are typed as themselves. It first waits for the focus to be in the
 * editor: a toolbar button gives it back a frame after its click (Tiptap's `focus` command), and a
 * key typed before then went to the button (a loaded CI machine lost «دوره»'s first letter so).
 */
export async function typeInEditor(text: string): Promise<void> {
  await waitFor(() => {
    if (!document.activeElement?.closest('[contenteditable="true"]')) throw new Error('the focus is not in a rich-text editor');
  });
  for (const key of text) await userEvent.keyboard(key === '{' || key === '[' ? key + key : key);
}
