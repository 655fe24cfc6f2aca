import { useEffect, useState, type ReactNode } from 'react';
import { hasPermission, isDashboardUser, loginPathReturningTo, type AccessRequirement, type PublicRoute, type User } from '@shop/contracts';
import { selectAuthChecked, selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Box, CircularProgress, enqueueSnackbar } from '@shop/ui-kit';
import { Navigate, useLocation } from '@shop/router';
import { t } from '../strings';

function Checking() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={t.remote.loading} />
    </Box>
  );
}

/** Redirects with a toast; the toast is raised once, after render. */
function RedirectWithToast({ to, message }: { to: string; message: string }) {
  useEffect(() => {
    enqueueSnackbar(message, { variant: 'error', preventDuplicate: true });
  }, [message]);
  return <Navigate to={to} replace />;
}

/**
 * /login returning to the page the reader is on, query and hash included (issue 32 item 7: a
 * visitor sent to sign in by a gate comes back to the session or dashboard page they opened).
 */
function ToLogin() {
  const { pathname, search, hash } = useLocation();
  return <RedirectWithToast to={loginPathReturningTo(`${pathname}${search}${hash}`)} message={t.errors.loginNeeded} />;
}

/**
 * Whether this guard has seen a signed-in user. When such a user is signed out while here
 * (logout, a 401), whatever signed them out navigates and says why, so the guard waits quietly
 * instead of redirecting to /login with a second, wrong toast.
 */
function useHadUser(user: User | null): boolean {
  const [hadUser, setHadUser] = useState(user !== null);
  useEffect(() => {
    if (user !== null) setHadUser(true);
  }, [user]);
  return hadUser;
}

/**
 * The dashboard gate of SPEC §6: a signed-in user who is not ordinary; staff and super
 * users with an unverified email get a toast and go to /resend-verification-email (whose
 * page lets them send the link again); staff without any permission are sent away.
 */
export function RequireDashboard({ children }: { children: ReactNode }) {
  const checked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectCurrentUser);
  const hadUser = useHadUser(user);
  if (!checked) return <Checking />;
  if (!user) return hadUser ? <Checking /> : <ToLogin />;
  if (!isDashboardUser(user)) return <RedirectWithToast to="/" message={t.errors.noPermission} />;
  if (!user.is_email_verified) return <RedirectWithToast to="/resend-verification-email" message={t.errors.unverifiedEmail} />;
  if (user.status === 'staff' && user.permissions.length === 0) return <RedirectWithToast to="/" message={t.errors.noPermission} />;
  return <>{children}</>;
}

/** A dashboard page's permission check (SPEC §6); a staff user without it goes back to /dashboard. */
export function RequirePermission({ permission, children }: { permission: AccessRequirement; children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  if (!hasPermission(user, permission)) return <RedirectWithToast to="/dashboard" message={t.errors.noPermission} />;
  return <>{children}</>;
}

/**
 * What a public page's gate (SPEC §2/§6, a route's `guard`, whose logic SPEC leaves open) refuses
 * a reader for: `login` when nobody is signed in (`signed-in` and `email-verified`), `verification`
 * when `email-verified` meets an unverified email, null when the reader may see the page (also
 * for a page without a gate). The browser's gate and the server's render of a reader's page both
 * decide with it.
 */
export function gateRefusal(guard: PublicRoute['guard'], user: User | null): 'login' | 'verification' | null {
  if (!guard) return null;
  if (!user) return 'login';
  return guard === 'email-verified' && !user.is_email_verified ? 'verification' : null;
}

/**
 * The public-page gates of SPEC §2/§6 ({@link gateRefusal}): a reader who is not signed in goes to
 * /login, which returns them here once signed in; one whose email is not verified to /resend-verification-email.
 */
export function RequireVisitorGate({ level, children }: { level: 'signed-in' | 'email-verified'; children: ReactNode }) {
  const checked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectCurrentUser);
  const hadUser = useHadUser(user);
  if (!checked) return <Checking />;
  const refusal = gateRefusal(level, user);
  if (refusal === 'login') return hadUser ? <Checking /> : <ToLogin />;
  if (refusal === 'verification') return <RedirectWithToast to="/resend-verification-email" message={t.errors.unverifiedEmail} />;
  return <>{children}</>;
}

/**
 * Sends a user who arrives signed in away from /login and /register. A user who signs in
 * on the page stays until the page's own delayed redirect (SPEC §4) moves them.
 */
export function RequireVisitor({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const [signedInOnArrival] = useState(user !== null);
  return signedInOnArrival ? <Navigate to="/" replace /> : <>{children}</>;
}
