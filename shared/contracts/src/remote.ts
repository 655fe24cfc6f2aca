/**
 * The remote contract of DESIGN.md "The remote contract": what each federated remote's
 * `./module` export provides, and which routes and slots each remote owns.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { UsePageHead } from './page-head';
import type { AccessRequirement } from './permissions';

/** The four remotes (DESIGN.md "Who owns what"). */
export const REMOTE_NAMES = ['content', 'commerce', 'users-permissions', 'support'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Slots the shell composes from remotes: home sections, the header's cart menu, the public
 * layout's announcement banner and the footer's links (issue 8).
 */
export const SLOT_NAMES = [
  'home.about-me',
  'home.latest-posts',
  'home.latest-podcasts',
  'home.latest-products',
  'header.cart-menu',
  'layout.announcements',
  'footer.links',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** A page component, usually `React.lazy` so a remote's pages load one by one. */
export type PageComponent = ComponentType | LazyExoticComponent<ComponentType>;

/** A public page of a remote. `path` is absolute, as in SPEC §2 (`/posts/:postId`). */
export interface PublicRoute {
  path: string;
  Component: PageComponent;
  /** SPEC §2/§6 gates: `signed-in` (specific-pages check), `email-verified` (both). */
  guard?: 'signed-in' | 'email-verified';
  /**
   * The page's title, description and the item it shows, for the head (issue 9; see
   * {@link UsePageHead}). Without it the page gets the site's name and description.
   */
  useHead?: UsePageHead;
}

/** A dashboard page. `path` is absolute (`/dashboard/users/:editUserId`). */
export interface DashboardRoute {
  path: string;
  Component: PageComponent;
  /** Permission the page needs (SPEC §6); super users pass every check, and they alone pass `SUPER_ONLY`. */
  permission: AccessRequirement;
}

/** One entry of the dashboard navigation. */
export interface DashboardNavItem {
  /** Persian label. */
  label: string;
  path: string;
  permission: AccessRequirement;
  /** Name of a Material icon the ui kit exports (`Article`, `People`, …). */
  icon: string;
}

/** Facade versions the remote was built against; the shell refuses newer majors/minors. */
export interface FacadeRequirements {
  '@shop/ui-kit': string;
  '@shop/router': string;
  '@shop/api-client': string;
}

/** The default export of every remote's `./module`. */
export interface RemoteModule {
  name: RemoteName;
  requires: FacadeRequirements;
  publicRoutes: PublicRoute[];
  dashboardRoutes: DashboardRoute[];
  dashboardNav: DashboardNavItem[];
  slots: Partial<Record<SlotName, ComponentType>>;
  /**
   * The parts of its public pages and slots that hydrate on a server-rendered page (issue 9), by
   * name: what the island runtime renders for a marker naming this remote. Declared with the
   * router facade's `defineIslands`, which also marks them for the pages. Props are JSON; `never`
   * here lets any component fit.
   */
  islands: Record<string, ComponentType<never>>;
}

/**
 * Which remote owns which first path segment and slot (DESIGN.md "Who owns what").
 * The shell reads this to load only the remote whose route or slot is on screen.
 */
export const REMOTE_AREAS: Record<
  RemoteName,
  { publicSegments: string[]; dashboardSections: string[]; slots: SlotName[] }
> = {
  content: {
    publicSegments: ['posts', 'podcasts'],
    dashboardSections: ['posts', 'podcasts'],
    slots: ['home.latest-posts', 'home.latest-podcasts'],
  },
  commerce: {
    publicSegments: ['products', 'shopping-cart', 'certificates', 'orders'],
    dashboardSections: ['products', 'product-sessions', 'financial-info', 'discount-codes', 'sales-agents', 'assignments', 'forensics'],
    slots: ['home.latest-products', 'header.cart-menu'],
  },
  'users-permissions': {
    publicSegments: ['profile'],
    dashboardSections: ['users', 'permissions', 'audit-log'],
    slots: [],
  },
  support: {
    publicSegments: ['contact-us', 'frequently-asked-questions', 'terms-and-conditions', 'about-me'],
    dashboardSections: [
      'contact-us',
      'announcements',
      'links',
      'terms-and-conditions',
      'site-information',
      'comments',
    ],
    slots: ['home.about-me', 'layout.announcements', 'footer.links'],
  },
};

/** The remote that owns a public path's first segment, or null (then the page is a 404). */
export function ownerOfPublicPath(pathname: string): RemoteName | null {
  const segment = pathname.split('/')[1] ?? '';
  return REMOTE_NAMES.find((name) => REMOTE_AREAS[name].publicSegments.includes(segment)) ?? null;
}

/**
 * First path segments of the shell's own pages (its router, shell/src/app/app.tsx): home, sign-in
 * and account pages, search, and the dashboard, whose unknown sections it answers itself.
 */
export const SHELL_PAGE_SEGMENTS = ['', 'login', 'register', 'verification', 'resend-verification-email', 'reset-password', 'verify-mobile', 'search', 'dashboard'];

/**
 * Whether a page path belongs to the shell or a remote. The server answers any other path with
 * a 404 status, and the browser shows the 404 page (a 200 there would be a "soft 404" that
 * search engines index).
 */
export function isKnownPagePath(pathname: string): boolean {
  const segment = pathname.split('/')[1] ?? '';
  return SHELL_PAGE_SEGMENTS.includes(segment) || ownerOfPublicPath(pathname) !== null;
}

/** The remote that owns `/dashboard/<section>/…`, or null. */
export function ownerOfDashboardPath(pathname: string): RemoteName | null {
  const [, dashboard, section = ''] = pathname.split('/');
  if (dashboard !== 'dashboard') return null;
  return REMOTE_NAMES.find((name) => REMOTE_AREAS[name].dashboardSections.includes(section)) ?? null;
}

/** The remote that fills a slot. */
export function ownerOfSlot(slot: SlotName): RemoteName {
  const owner = REMOTE_NAMES.find((name) => REMOTE_AREAS[name].slots.includes(slot));
  if (!owner) throw new Error(`No remote fills slot ${slot}`);
  return owner;
}

/**
 * The run-time remote list (DESIGN.md: "a manifest served next to the shell, overridable
 * per environment"): each remote's name and the URL of its `mf-manifest.json`.
 */
export interface RemoteManifestEntry {
  name: RemoteName;
  entry: string;
}

/**
 * First path segments of the public pages the server renders for everyone (issue 9, DESIGN.md
 * "Public pages"): home (the empty segment), posts, podcasts, products, the FAQ, the terms and
 * certificates (issue 24: shared links, previewed by their head).
 */
export const SERVER_RENDERED_SEGMENTS = ['', 'posts', 'podcasts', 'products', 'frequently-asked-questions', 'terms-and-conditions', 'certificates'];

/**
 * How the server renders a public path (issue 9, DESIGN.md "Public pages"):
 * - `visitors`: the pages of {@link SERVER_RENDERED_SEGMENTS}, as a visitor sees them, kept and
 *   shared by every visitor (a signed-in reader's islands catch up in the browser);
 * - `readers`: about-me and a course session (`/products/{productId}/{productSessionId}`), which
 *   SPEC §2 shows to signed-in users only: rendered for the reader, with their cookies, never
 *   kept; a request without the auth cookie gets the browser's page, whose gate asks to log in;
 * - null: the rest (forms, the cart, the profile, the dashboard), rendered in the browser.
 */
export function serverRenderingOf(pathname: string): 'visitors' | 'readers' | null {
  const [, segment = '', , sessionId, extra] = pathname.split('/');
  if (segment === 'products' && sessionId) return extra === undefined ? 'readers' : null;
  if (segment === 'about-me') return 'readers';
  return SERVER_RENDERED_SEGMENTS.includes(segment) ? 'visitors' : null;
}

/**
 * Prefix of the cookies holding a device's preferences (issue 9): the server passes these, and
 * only these, to a page's render, so the HTML shows what this device will (an announcement closed
 * here stays out). `@shop/api-client`'s `usePreference` reads and writes them.
 */
export const PREFERENCE_COOKIE_PREFIX = 'pref_';
