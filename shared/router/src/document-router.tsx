/**
 * The router of an island (issue 9, DESIGN.md "Public pages"): a server-rendered public page is
 * not hydrated whole, only its islands are, each its own React root, so there is no app-wide
 * router to navigate with.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';

function currentLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: window.history.state, key: 'default' };
}

/**
 * The location as the server rendered the page: without the hash, which a browser never sends.
 * An island's first render must match the server's HTML, or React keeps the server's attributes
 * (issue 22 item 4: a `#comment-<id>` link's highlight and focus were lost on a direct load).
 */
function serverLocation() {
  return { ...currentLocation(), hash: '' };
}

/**
 * The router of a hydrated island. A navigation that keeps the path (a list's filter or page in
 * the query string) stays in the island, through the History API; one to another path loads that
 * page as a document, server-rendered, as a plain link would. The island first renders as the
 * server did, without the address's hash, and is given the hash once hydrated, so what the hash
 * changes (a comment link's highlight, SPEC §9) is rendered by the browser (issue 22 item 4).
 */
export function DocumentRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(serverLocation);
  useEffect(() => {
    setLocation(currentLocation());
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigator = useMemo<Navigator>(() => {
    const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
    const move = (to: To, replace: boolean) => {
      const url = new URL(href(to), window.location.href);
      if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) {
        if (replace) window.location.replace(url);
        else window.location.assign(url);
        return;
      }
      window.history[replace ? 'replaceState' : 'pushState'](null, '', url);
      setLocation(currentLocation());
    };
    return {
      createHref: href,
      go: (delta) => window.history.go(delta),
      push: (to) => move(to, false),
      replace: (to) => move(to, true),
    };
  }, []);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

