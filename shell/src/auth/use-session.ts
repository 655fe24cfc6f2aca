import { useCallback, useEffect } from 'react';
import { refreshCsrfCookie, signedOut, useAppDispatch, userReceived } from '@shop/api-client';
import { useLoggedInUserInfoMutation } from './auth-api';

/**
 * Asks the server who is signed in (SPEC §7 `logged-in-user-info`) and puts the answer in the
 * authenticated-user store; any failure (a 401 for a visitor or a stale cookie) leaves a
 * visitor. The catalogue keeps this call silent, so a failure raises no toast.
 * @returns a stable function that resolves once the store holds the answer
 */
export function useRefreshSession(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const [fetchUserInfo] = useLoggedInUserInfoMutation();
  return useCallback(async () => {
    const result = await fetchUserInfo();
    if ('data' in result && result.data) dispatch(userReceived(result.data.data));
    else dispatch(signedOut());
  }, [dispatch, fetchUserInfo]);
}

/** At start (SPEC §7): fetch the CSRF cookie, then ask who is signed in. */
export function useSessionBootstrap(): void {
  const refreshSession = useRefreshSession();
  useEffect(() => {
    void refreshCsrfCookie()
      .catch(() => undefined)
      .then(refreshSession);
  }, [refreshSession]);
}
