/**
 * Pages declare their head here (issue 9 "Each page also carries"; `PageHead` of
 * `@shop/contracts`); where it goes depends on who renders:
 * - on the server, into the render's {@link ServerHeadTarget}, which `renderPage` turns into the
 *   server HTML's head tags once the page has rendered (`head-tags.ts`);
 * - in the client-rendered app, into the tab's title and a robots tag ({@link DocumentHead});
 * - in an island, nowhere: the server HTML's head stays as it came.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PageHead, UsePageHead } from '@shop/contracts';
import { useLocation } from '@shop/router';
import { useSiteName } from '../layouts/use-site-name';
import { t } from '../strings';
import { pageTitle } from './page-title';

/** Collects the head a server render's page declared; read after the render. */
export interface ServerHeadTarget {
  kind: 'server';
  /** The head the page declared last, or null when none did (the site's defaults apply). */
  head: PageHead | null;
  declare(head: PageHead | null): void;
}

/** The client-rendered app's head: shows a declared head until its page leaves. */
interface BrowserHeadTarget {
  kind: 'browser';
  show(head: PageHead | null): void;
}

const HeadTarget = createContext<ServerHeadTarget | BrowserHeadTarget | null>(null);

/** A fresh collector for one server render of a page. */
export function createServerHeadTarget(): ServerHeadTarget {
  return {
    kind: 'server',
    head: null,
    declare(head) {
      this.head = head;
    },
  };
}

/** Gives a server render's pages its collector. */
export function ServerHead({ target, children }: { target: ServerHeadTarget; children: ReactNode }) {
  return <HeadTarget.Provider value={target}>{children}</HeadTarget.Provider>;
}

/**
 * Declares the current page's head (see {@link PageHead}). Exactly one page-level component
 * declares at a time: the page, or the error page shown instead of it. Renders nothing.
 * @param head the head, or null while the page's data loads
 */
export function DeclarePageHead({ head }: { head: PageHead | null }) {
  const target = useContext(HeadTarget);
  // On the server there are no effects: the declaration is recorded while rendering, into the
  // collector of this one render, and read once the page is complete.
  if (target?.kind === 'server') target.declare(head);
  const show = target?.kind === 'browser' ? target.show : null;
  const title = head?.title;
  const noindex = head?.noindex ?? false;
  useEffect(() => {
    if (!show) return undefined;
    show({ title, noindex });
    return () => show(null);
  }, [show, title, noindex]);
  return null;
}

/** Declares the head a public route's `useHead` gives (see `UsePageHead` of `@shop/contracts`). */
export function RouteHead({ useHead }: { useHead: UsePageHead }) {
  return <DeclarePageHead head={useHead()} />;
}

/**
 * The client-rendered app's head (dashboard, forms, search and the pages the server does not
 * render): the tab's title from the declared head and the site's name (issue 8), «داشبورد» in the
 * dashboard, and `<meta name="robots" content="noindex">` while the page asks for it.
 */
export function DocumentHead({ children }: { children: ReactNode }) {
  const siteName = useSiteName();
  const { pathname } = useLocation();
  const [declared, setDeclared] = useState<PageHead | null>(null);
  const target = useMemo<BrowserHeadTarget>(() => ({ kind: 'browser', show: setDeclared }), []);
  const title = declared?.title ?? (/^\/dashboard(\/|$)/.test(pathname) ? t.nav.dashboard : undefined);
  const noindex = declared?.noindex ?? false;
  useEffect(() => {
    document.title = pageTitle(title, siteName);
  }, [title, siteName]);
  useEffect(() => {
    if (!noindex) return undefined;
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => robots.remove();
  }, [noindex]);
  return <HeadTarget.Provider value={target}>{children}</HeadTarget.Provider>;
}
