import { createListenerMiddleware, isApiErrorClaimed, isRejectedWithValue, signedOut, type FetchBaseQueryError } from '@shop/api-client';
import { enqueueSnackbar } from '@shop/ui-kit';
import { t } from '../strings';
import { navigateTo } from './navigation';
import { pageErrorRaised, type PageErrorStatus } from './page-error-slice';

/**
 * Endpoints whose screens handle their own errors: every error (`'all'`), every error but the
 * access ones (`'all-but-access'`: a 401 still signs out, a 403 still turns away), or only the
 * listed statuses; the catalogue stays quiet for those. A 401 elsewhere still signs out.
 */
const SILENT_ENDPOINTS: Readonly<Record<string, 'all' | 'all-but-access' | readonly number[]>> = {
  loggedInUserInfo: 'all',
  verifyEmail: 'all',
  resendVerificationEmail: [422, 429],
  forgotPassword: [422, 429],
  resetPassword: [422, 429],
  // Read on every page for the header, the footer and the switches; without it they fall back
  // to the built-in name and keep the switches on (the server still enforces them).
  getSiteInformation: 'all',
  // The dashboard's figures, polled every minute: their own error notice, never the error page.
  getDashboardOverview: 'all-but-access',
};

function isSilent(endpoint: string, status: number | string): boolean {
  const silent = SILENT_ENDPOINTS[endpoint];
  if (silent === 'all-but-access') return status !== 401 && status !== 403;
  return silent === 'all' || (silent !== undefined && typeof status === 'number' && silent.includes(status));
}

/** What the catalogue decides for one failed request. */
export interface ErrorReaction {
  toast?: { message: string; variant: 'error' | 'warning' };
  navigate?: string;
  pageError?: PageErrorStatus;
  signOut?: boolean;
}

/**
 * The error catalogue of SPEC §8 as one pure function, so it can be tested alone.
 * @param status HTTP status, or RTK Query's string status for a request with no answer
 * @param message the server's `message`
 * @param context which endpoint failed, whether it was a page load (query) and where we are
 */
export function reactToError(
  status: number | string,
  message: string | undefined,
  context: { endpoint: string; isQuery: boolean; pathname: string },
): ErrorReaction {
  if (isSilent(context.endpoint, status)) return {};
  switch (status) {
    case 401:
      // An expired or revoked token says so (issue 7); a missing one means «log in first».
      return {
        signOut: true,
        navigate: '/login',
        toast: { message: message === t.errors.tokenExpired ? t.errors.tokenExpired : t.errors.loginNeeded, variant: 'error' },
      };
    case 403: {
      if (context.pathname.startsWith('/dashboard')) return { navigate: '/' };
      const text = (message ?? '').toLowerCase();
      if (!text.includes('unauthorized') && !text.includes('forbidden')) {
        return { navigate: '/resend-verification-email', toast: { message: t.errors.unverifiedEmail, variant: 'error' } };
      }
      return { navigate: '/' };
    }
    case 404:
      return context.isQuery ? { pageError: 404 } : { toast: { message: message ?? t.errors.generic, variant: 'error' } };
    case 405:
      return { toast: { message: t.errors.operationInvalid, variant: 'error' } };
    case 422:
      return {
        toast: { message: context.endpoint === 'login' ? t.auth.loginFailed : (message ?? t.errors.invalidData), variant: 'error' },
      };
    case 429:
      return context.isQuery
        ? { pageError: 429, toast: { message: t.errors.tooMany, variant: 'error' } }
        : { toast: { message: t.errors.tooMany, variant: 'error' } };
    case 503:
      // A service briefly away (issue 23): the server's own words say so and when to try again.
      return context.isQuery ? { pageError: 503 } : { toast: { message: message ?? t.errors.unavailableTitle, variant: 'error' } };
    default:
      if (typeof status === 'number' && status >= 500) {
        return context.isQuery ? { pageError: 500 } : { toast: { message: t.errors.serverTitle, variant: 'error' } };
      }
      return { toast: { message: t.errors.generic, variant: 'error' } };
  }
}

/**
 * Listener middleware that applies {@link reactToError} to every rejected API call. Its toast waits
 * until the request's caller has run its `catch`: when the screen shows the error itself
 * (`claimApiError`), the toast is dropped unless the reaction leaves the page (issue 22 item 11:
 * one error, one message, the most specific one).
 */
export const errorCatalogue = createListenerMiddleware();

errorCatalogue.startListening({
  predicate: isRejectedWithValue,
  async effect(action, listenerApi) {
    const error = action.payload as FetchBaseQueryError;
    const meta = action.meta as { arg?: { endpointName?: string; type?: string } };
    const body = ('data' in error ? error.data : undefined) as { message?: unknown } | undefined;
    const reaction = reactToError(error.status, typeof body?.message === 'string' ? body.message : undefined, {
      endpoint: meta.arg?.endpointName ?? '',
      isQuery: meta.arg?.type === 'query',
      pathname: typeof window === 'undefined' ? '' : window.location.pathname,
    });
    if (reaction.pageError) listenerApi.dispatch(pageErrorRaised(reaction.pageError));
    // The server renders for a visitor (issue 9): it keeps the error page, nothing else.
    if (typeof window === 'undefined') return;
    if (reaction.signOut) listenerApi.dispatch(signedOut());
    if (reaction.navigate) navigateTo(reaction.navigate);
    if (!reaction.toast) return;
    // The caller's promise callbacks (its `catch`) run as microtasks after this dispatch; a macrotask later they all have.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (isApiErrorClaimed(error) && !reaction.navigate) return;
    enqueueSnackbar(reaction.toast.message, { variant: reaction.toast.variant });
  },
});
