/**
 * The router facade (DESIGN.md "The remote contract"): re-exports what the apps use from
 * `react-router`. Sharing this instead of `react-router-dom` whole keeps its server, RSC
 * and cookie code off the page (TOOLCHAIN.md: about 47 KB gzip). Grow by adding exports.
 */
export const ROUTER_VERSION = '1.3.0';
export {
  BrowserRouter,
  StaticRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  matchPath,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
  generatePath,
} from 'react-router';
export type { NavigateFunction, Location } from 'react-router';
export { DocumentRouter } from './document-router';
export { Island, IslandsProvider, defineIslands, type IslandComponent, type MarkedIslands } from './islands';
export {
  ISLAND_ATTRIBUTE,
  HYDRATE_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  HYDRATED_EVENT,
  type IslandHydration,
  type IslandProps,
  type IslandTarget,
  type IslandQueue,
  type JsonValue,
} from './island-marker';
