import { useEffect } from 'react';
import { refreshCsrfCookie, signedOut, useAppDispatch, userReceived } from '@shop/api-client';
import { useLoggedInUserInfoMutation } from './auth-api';

/**
 * At start (SPEC §7): fetch the CSRF cookie, then ask who is signed in. The answer fills
 * the authenticated-user store; a 401 means a visitor.
 */
export function useSessionBootstrap(): void {
  const dispatch = useAppDispatch();
  const [fetchUserInfo] = useLoggedInUserInfoMutation();
  useEffect(() => {
    void (async () => {
      await refreshCsrfCookie().catch(() => undefined);
      const result = await fetchUserInfo();
      if ('data' in result && result.data) dispatch(userReceived(result.data.data));
      else dispatch(signedOut());
    })();
  }, [dispatch, fetchUserInfo]);
}
