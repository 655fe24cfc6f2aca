import { lazy, Suspense, type ReactNode } from 'react';
import { Provider } from '@shop/api-client';
import { AppThemeProvider, Box, CircularProgress, type EmotionCache } from '@shop/ui-kit';
import { BrowserRouter, IslandsProvider, Route, Routes, StaticRouter } from '@shop/router';
import { SUPER_ONLY } from '@shop/contracts';
import { RequireDashboard, RequirePermission, RequireVisitor, RequireVisitorGate } from '../auth/guards';
import { useSessionBootstrap } from '../auth/use-session';
import { NavigationBridge } from '../errors/navigation';
import { RemoteDashboardPage, RemotePublicPage } from '../federation/remote-areas';
import { PublicLayout } from '../layouts/public-layout';
import { DocumentHead, ServerHead, type ServerHeadTarget } from '../head/page-head';
import { VersionWatcher } from '../version/version-watcher';
import type { ShellStore } from './store';
import { t } from '../strings';

// Pages load one by one; the form libraries (formik, yup, libphonenumber-js) come only
// with the pages that have forms (DESIGN.md "First paint does not wait for JavaScript").
const HomePage = lazy(() => import('../pages/home-page'));
const LoginPage = lazy(() => import('../pages/login-page'));
const RegisterPage = lazy(() => import('../pages/register-page'));
const VerificationPage = lazy(() => import('../pages/verification-page'));
const ResendVerificationEmailPage = lazy(() => import('../pages/resend-verification-email-page'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page'));
const VerifyMobilePage = lazy(() => import('../pages/verify-mobile-page'));
const SearchPage = lazy(() => import('../search/search-page'));
const DashboardHomePage = lazy(() => import('../pages/dashboard-home-page'));
const ReleasesPage = lazy(() => import('../releases/releases-page'));
const DashboardLayout = lazy(() => import('../layouts/dashboard-layout').then((m) => ({ default: m.DashboardLayout })));

function SessionBootstrap() {
  useSessionBootstrap();
  return null;
}

/** What shows while a page's code loads; named, as every progress bar must be (axe `aria-progressbar-name`, issue 22 item 15). */
function PageSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
      <CircularProgress aria-label={t.remote.loading} />
    </Box>
  );
}

/**
 * Routes the shell owns (DESIGN.md "Who owns what"); everything else goes to its remote. Their
 * first segments are contracts' SHELL_PAGE_SEGMENTS, by which the server tells an unknown path (404).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route
          path="/dashboard/*"
          element={
            <RequireDashboard>
              <DashboardLayout />
            </RequireDashboard>
          }
        >
          <Route index element={<DashboardHomePage />} />
          {/* The shell's own section (issue 35 item 5): super users only; staff are sent back to /dashboard. */}
          <Route path="releases" element={<RequirePermission permission={SUPER_ONLY}><ReleasesPage /></RequirePermission>} />
          <Route path="*" element={<RemoteDashboardPage />} />
        </Route>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="login" element={<RequireVisitor><LoginPage /></RequireVisitor>} />
          <Route path="register" element={<RequireVisitor><RegisterPage /></RequireVisitor>} />
          <Route path="verification" element={<VerificationPage />} />
          <Route path="resend-verification-email" element={<ResendVerificationEmailPage />} />
          <Route path="reset-password" element={<RequireVisitor><ResetPasswordPage /></RequireVisitor>} />
          <Route path="verify-mobile" element={<RequireVisitorGate level="signed-in"><VerifyMobilePage /></RequireVisitorGate>} />
          <Route path="search" element={<SearchPage />} />
          <Route path="*" element={<RemotePublicPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

interface AppProps {
  store: ShellStore;
  /**
   * On the server (issue 9): the requested URL, rendered with a static router and islands marked,
   * the request's own emotion cache, and where the page declares its head. In the browser all are
   * left out.
   */
  server?: { url: string; emotionCache: EmotionCache; head: ServerHeadTarget };
}

/**
 * The whole shell: store, theme, toasts, router, the page's head (the tab's title in the browser,
 * the head tags on the server) and the version check. The server renders the same tree for a
 * public page, whose islands the browser hydrates (islands/islands.ts).
 */
export function App({ store, server }: AppProps) {
  const routes: ReactNode = (
    <>
      <NavigationBridge />
      <SessionBootstrap />
      <VersionWatcher />
      {server ? (
        <ServerHead target={server.head}>
          <AppRoutes />
        </ServerHead>
      ) : (
        <DocumentHead>
          <AppRoutes />
        </DocumentHead>
      )}
    </>
  );
  return (
    <Provider store={store}>
      <AppThemeProvider emotionCache={server?.emotionCache}>
        {server ? (
          <StaticRouter location={server.url}>
            <IslandsProvider>{routes}</IslandsProvider>
          </StaticRouter>
        ) : (
          <BrowserRouter>{routes}</BrowserRouter>
        )}
      </AppThemeProvider>
    </Provider>
  );
}
