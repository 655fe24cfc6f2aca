import type { ReactNode } from 'react';
import { ownerOfDashboardPath, ownerOfPublicPath, ownerOfSlot, type SlotName } from '@shop/contracts';
import { Route, Routes, useLocation } from '@shop/router';
import { ErrorPage } from '../pages/error-page';
import { RequirePermission, RequireVisitorGate } from '../auth/guards';
import { RemoteBoundary, WithRemote } from './remote-boundary';
import { RouteHead } from '../head/page-head';

/**
 * Renders the remote filling a slot. Home sections show a skeleton while loading and the Persian
 * notice if their remote fails; the page's frame (the header's cart menu, the announcement banner,
 * the footer's links) shows nothing in both cases, so it never jumps or fills with notices.
 * On a server-rendered page the slot stays HTML but for the islands its remote marks (issue 9).
 * @param holdsPage in the browser, the page around the slot waits for it (its remote and what it
 * loads first) and is revealed with it, for a slot that would push the page down when it arrives
 * (the announcement banner); the server renders it as any slot
 */
export function Slot({ name, holdsPage = false }: { name: SlotName; holdsPage?: boolean }) {
  const owner = ownerOfSlot(name);
  return (
    <RemoteBoundary remote={owner} area={name} quiet={!name.startsWith('home.')} holdsPage={holdsPage && typeof document !== 'undefined'}>
      <WithRemote remote={owner}>
        {(module) => {
          const Component = module.slots[name];
          return Component ? <Component /> : null;
        }}
      </WithRemote>
    </RemoteBoundary>
  );
}

/**
 * The public page at the current path, from the remote that owns its first segment; else 404.
 * On a server-rendered page it stays HTML but for the islands its remote marks (issue 9). The
 * route's `useHead` declares the page's head (`head/page-head.tsx`).
 */
export function RemotePublicPage() {
  const { pathname } = useLocation();
  const owner = ownerOfPublicPath(pathname);
  if (!owner) return <ErrorPage status={404} />;
  return (
    <RemoteBoundary key={owner} remote={owner} area="page">
      <WithRemote remote={owner}>
        {(module) => (
          <Routes>
            {module.publicRoutes.map(({ path, Component, guard, useHead }) => {
              // The page's head, declared beside it (issue 9): it renders nothing, so the page's
              // HTML stays exactly the remote's; behind a guard, only once the guard lets the page in.
              const head = useHead ? <RouteHead useHead={useHead} /> : null;
              return (
                <Route
                  key={path}
                  path={path}
                  element={gate(
                    guard,
                    <>
                      {head}
                      <Component />
                    </>,
                  )}
                />
              );
            })}
            <Route path="*" element={<ErrorPage status={404} />} />
          </Routes>
        )}
      </WithRemote>
    </RemoteBoundary>
  );
}

function gate(guard: 'signed-in' | 'email-verified' | undefined, page: ReactNode) {
  return guard ? <RequireVisitorGate level={guard}>{page}</RequireVisitorGate> : page;
}

/** The dashboard page at the current path, behind the permission its route names (SPEC §6). */
export function RemoteDashboardPage() {
  const { pathname } = useLocation();
  const owner = ownerOfDashboardPath(pathname);
  if (!owner) return <ErrorPage status={404} />;
  return (
    <RemoteBoundary key={owner} remote={owner}>
      <WithRemote remote={owner}>
        {(module) => (
          <Routes>
            {module.dashboardRoutes.map(({ path, Component, permission }) => (
              <Route
                key={path}
                // These routes sit under `/dashboard/*`, whose descendants match what follows it.
                path={path.replace(/^\/dashboard/, '')}
                element={
                  <RequirePermission permission={permission}>
                    <Component />
                  </RequirePermission>
                }
              />
            ))}
            <Route path="*" element={<ErrorPage status={404} />} />
          </Routes>
        )}
      </WithRemote>
    </RemoteBoundary>
  );
}
