/**
 * The island loader (issue 9, DESIGN.md "Public pages"): the only script a server-rendered public
 * page runs at first, inlined in islands.html by the build (a few hundred bytes, no request). It
 * finds the page's island markers and has each hydrated on its own:
 * - `load` ones at once (an area the server could not render, which the browser renders);
 * - `visible` ones when they come near the screen;
 * - `interaction` ones at their first use: a mouse over it, focus, a key, or a click on a control
 *   (a button, a field), which is held and replayed once the island has hydrated. Links inside
 *   work as plain links meanwhile;
 * - `signed-in` ones never: they differ only for a signed-in reader;
 * - and any island holding the element the address's hash names, at once: what it does there (a
 *   comment link scrolls to the comment, focuses and highlights it) needs it.
 * For a signed-in reader every island hydrates at once: the HTML is what a visitor sees, and what
 * depends on the reader (the account menu, likes, the cart) comes with the islands. So it does for
 * a visitor holding a cart (issue 25: the server's `visitor_cart_hint` cookie), whose header count
 * and «in the cart» are theirs, not the shared page's; and the runtime does it once a visitor
 * starts a cart on the page (islands.ts).
 * The first island needed brings the island runtime (the `islands` entry: React, the theme, the
 * store and Module Federation), whose URL is this script's `data-runtime`.
 */
import { HYDRATE_ATTRIBUTE, HYDRATED_ATTRIBUTE, HYDRATED_EVENT, ISLAND_ATTRIBUTE } from '@shop/router/island-marker';

/** How near the screen a `visible` island starts to hydrate, px. */
const VISIBLE_MARGIN_PX = 200;

/** What counts as a control whose click is held for its island (anything else clicked is left alone). */
const CONTROLS = [
  'button, input, select, textarea, label, summary',
  ...['button', 'tab', 'checkbox', 'radio', 'switch', 'menuitem', 'option', 'combobox', 'slider'].map((role) => `[role="${role}"]`),
].join(', ');

const runtimeUrl = (document.currentScript as HTMLScriptElement | null)?.dataset.runtime;
const requested = new WeakSet<HTMLElement>();
let runtimeAdded = false;

function hydrate(marker: HTMLElement): void {
  if (requested.has(marker) || !runtimeUrl) return;
  requested.add(marker);
  (window.shopIslands ??= [] as HTMLElement[]).push(marker);
  if (runtimeAdded) return;
  runtimeAdded = true;
  const script = document.createElement('script');
  script.src = runtimeUrl;
  document.head.append(script);
}

function onFirstUse(marker: HTMLElement): void {
  const start = () => hydrate(marker);
  marker.addEventListener('pointerover', (event) => event.pointerType === 'mouse' && start(), { capture: true });
  marker.addEventListener('focusin', start, { capture: true });
  marker.addEventListener('keydown', start, { capture: true });
  marker.addEventListener(
    'click',
    (event) => {
      // A link (the nearest of links and controls) navigates as it is.
      const nearest = (event.target as Element).closest(`a[href], ${CONTROLS}`);
      if (marker.hasAttribute(HYDRATED_ATTRIBUTE) || !nearest || nearest.matches('a[href]')) return;
      event.preventDefault();
      event.stopPropagation();
      const control = nearest as HTMLElement;
      marker.addEventListener(HYDRATED_EVENT, () => control.isConnected && control.click(), { once: true });
      start();
    },
    { capture: true },
  );
}

/** The element the address's hash names (`#comment-42`), if the page holds it. */
function hashTarget(): HTMLElement | null {
  try {
    return location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  } catch {
    return null; // a malformed escape names nothing
  }
}

function start(): void {
  const markers = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  // The server marks the page of a request without the auth cookie as a visitor's; one holding a
  // cart is not treated as such (VISITOR_CART_HINT_COOKIE of @shop/contracts, kept out of this script).
  const visitor = document.getElementById('preloaded-state')?.hasAttribute('data-visitor') && !/(^|;\s*)visitor_cart_hint=/.test(document.cookie);
  const anchor = hashTarget();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        hydrate(entry.target.parentElement!);
      }
    },
    { rootMargin: `${VISIBLE_MARGIN_PX}px` },
  );
  for (const marker of markers) {
    const when = marker.getAttribute(HYDRATE_ATTRIBUTE);
    // A click before the island is ready is held, also while it hydrates at once.
    if (when === 'interaction') onFirstUse(marker);
    if (!visitor || when === 'load' || anchor?.closest(`[${ISLAND_ATTRIBUTE}]`) === marker) hydrate(marker);
    // The marker itself has no box (`display: contents`): its first element is what is seen.
    else if (when === 'visible' && marker.firstElementChild) observer.observe(marker.firstElementChild);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
