/**
 * The shell's server bundle (issue 9, DESIGN.md "Public pages"): renders a public page to HTML
 * with React 19's streaming renderer, the emotion CSS it uses inline, and the RTK Query state it
 * used, so the browser attaches to it without fetching or rendering again what is on screen.
 *
 * Remotes are loaded here as in the browser, through Module Federation's Node runtime plugin, from
 * the run-time remote list the server passes in. A remote that fails on the server leaves its area
 * to the browser: React streams the area's fallback and the client renders it there.
 */
import { StrictMode } from 'react';
import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { ownerOfPublicPath, type User } from '@shop/contracts';
import { matchPath } from '@shop/router';
import { api, preferencesReceived, setServerApiOrigin, signedOut, siteInformationApi, userReceived, type RootState } from '@shop/api-client';
import { createRtlCache } from '@shop/ui-kit';
import { App } from '../app/app';
import { authApi } from '../auth/auth-api';
import { gateRefusal } from '../auth/guards';
import { createShellStore, type ShellStore } from '../app/store';
import { loadRemoteModule, setServerRemoteList } from '../federation/load-remote';
import { selectPageError } from '../errors/page-error-slice';
import { createServerHeadTarget, type ServerHeadTarget } from '../head/page-head';
import { headTags } from '../head/head-tags';
import { t } from '../strings';

/** How many data passes a page may take: a query that needs another's answer adds one. */
const MAX_DATA_PASSES = 3;

export interface RenderPageOptions {
  /** The requested path with its query string (`/posts?page=2`). */
  url: string;
  /** The run-time remote list: each remote's server `mf-manifest.json` as an absolute URL. */
  remotes: { name: string; entry: string }[];
  /** Where the API answers this process (`http://127.0.0.1:8080`). */
  apiOrigin: string;
  /**
   * The site's public origin for the head's absolute URLs (canonical, og:url, images, JSON-LD):
   * `PUBLIC_URL`, else the request's own protocol and host (`https://example.com`, no trailing
   * slash). Without it, `apiOrigin`.
   */
  publicOrigin?: string;
  /**
   * True when the request carried no auth cookie: then it is a visitor's, and the header shows the
   * login and register buttons at once. Otherwise the browser asks who is signed in.
   */
  visitor: boolean;
  /** The request's device preferences (`pref_*` cookies, by name without the prefix). */
  preferences: Record<string, string>;
  /**
   * For a page rendered for its signed-in reader (about-me, a course session; issue 9): the
   * request's `Cookie` header. Every API request of the render carries it, and the page is
   * rendered for whoever it signs in. Without it, as a visitor sees the page.
   */
  readerCookie?: string;
  /** Reports an error a remote or page raised while rendering (the page still renders). */
  onError?: (error: unknown) => void;
}

export interface RenderedPage {
  /** 200, or the status of the error page shown instead of the page (404, 429, 500, 503). */
  status: number;
  /** The HTML inside `<div id="root">`, streamed as React renders it. */
  html: Readable;
  /** The Redux state the page was rendered with, as JSON for the browser's store. */
  state: () => string;
  /**
   * The page's head tags as HTML (issue 9): `<title>`, description, canonical or robots, Open
   * Graph, Twitter and JSON-LD. The server puts it before `</head>` of islands.html, which has no
   * title or description of its own.
   */
  head: string;
}

function tree(store: ShellStore, url: string, head: ServerHeadTarget = createServerHeadTarget()) {
  return (
    <StrictMode>
      <App store={store} server={{ url, emotionCache: createRtlCache(), head }} />
    </StrictMode>
  );
}

/** The site's name and short description from the site information the page loaded, else the built-in ones. */
function siteOf(state: RootState): { name: string; description: string } {
  const info = siteInformationApi.endpoints.getSiteInformation.select()(state).data?.data;
  return { name: info?.site_name.trim() || t.siteName, description: info?.short_description.trim() || t.siteTagline };
}

/**
 * Whether the reader passes the gate of the page at `url` ({@link gateRefusal}, the owning remote's
 * route `guard`): where they do not, the browser's gate sends them on and says why.
 */
async function passesGate(url: string, user: User): Promise<boolean> {
  const pathname = url.split(/[?#]/)[0] ?? '/';
  const owner = ownerOfPublicPath(pathname);
  if (!owner) return true;
  const route = (await loadRemoteModule(owner)).publicRoutes.find(({ path }) => matchPath(path, pathname));
  return gateRefusal(route?.guard, user) === null;
}

/**
 * Renders one public page as a visitor sees it (no cookies reach the API: the HTML is the same for
 * everyone, but for the header's login buttons, shown at once to requests without the auth cookie),
 * or, given `readerCookie`, as its signed-in reader does. First passes with `prerender` (which
 * waits for every lazy page and remote) start the page's queries; once their answers are in the
 * store, the final pass streams.
 * @returns the page, once React has rendered all of it; null when `readerCookie` signs nobody in
 * (the browser's gate then sends the reader to log in)
 * @throws when even the page's frame (the shell's layout) cannot render
 */
export async function renderPage({
  url,
  remotes,
  apiOrigin,
  publicOrigin,
  visitor,
  preferences,
  readerCookie,
  onError = () => undefined,
}: RenderPageOptions): Promise<RenderedPage | null> {
  setServerApiOrigin(apiOrigin);
  setServerRemoteList(remotes);
  const store = createShellStore(undefined, { cookie: readerCookie });
  if (visitor) store.dispatch(signedOut());
  else if (readerCookie) {
    // Who the page is for (SPEC §7 `logged-in-user-info`), kept out of the page's state.
    const answer = await store.dispatch(authApi.endpoints.loggedInUserInfo.initiate(undefined, { track: false }));
    if (!('data' in answer) || !answer.data || !(await passesGate(url, answer.data.data.user))) return null;
    store.dispatch(userReceived(answer.data.data));
  }
  store.dispatch(preferencesReceived(preferences));
  for (let pass = 0; pass < MAX_DATA_PASSES; pass += 1) {
    const { prelude } = await prerenderToNodeStream(tree(store, url), { onError: () => undefined });
    prelude.resume();
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (!running.length) break;
    await Promise.all(running);
  }
  const status = selectPageError(store.getState() as RootState & Parameters<typeof selectPageError>[0]) ?? 200;
  const head = createServerHeadTarget();
  return new Promise((resolve, reject) => {
    const html = new PassThrough();
    const stream = renderToPipeableStream(tree(store, url, head), {
      // In document order, nothing left for scripts to move: a page whose areas arrived after its
      // footer shifted (Lighthouse CLS 1.2), and a reader without JavaScript must get it whole.
      // The data is already in the store, so everything is ready at once.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(html);
        resolve({
          status,
          html,
          state: () => JSON.stringify(store.getState()).replace(/</g, '\\u003c'),
          // The page has rendered whole: its declaration is in, with the data it rendered.
          head: headTags({ head: head.head, site: siteOf(store.getState()), origin: (publicOrigin ?? apiOrigin).replace(/\/+$/, ''), url, status }),
        });
      },
      onShellError: reject,
      onError,
    });
  });
}
