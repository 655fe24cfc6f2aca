import { useCallback, useEffect, useRef } from 'react';
import { api, refreshCsrfCookie, selectAuthChecked, signedOut, TAG_TYPES, useAppDispatch, useAppSelector, userReceived } from '@shop/api-client';
import { useLoggedInUserInfoMutation } from './auth-api';

/**
 * Asks the server who is signed in (SPEC §7 `logged-in-user-info`) and puts the answer in the
 * authenticated-user store; any failure (a 401 for a visitor or a stale cookie) leaves a
 * visitor. The catalogue keeps this call silent, so a failure raises no toast.
 * @returns a stable function that resolves once the store holds the answer: true when someone is signed in
 */
export function useRefreshSession(): () => Promise<boolean> {
  const dispatch = useAppDispatch();
  const [fetchUserInfo] = useLoggedInUserInfoMutation();
  return useCallback(async () => {
    const result = await fetchUserInfo();
    if ('data' in result && result.data) {
      dispatch(userReceived(result.data.data));
      return true;
    }
    dispatch(signedOut());
    return false;
  }, [dispatch, fetchUserInfo]);
}

/**
 * At start (SPEC §7): fetch the CSRF cookie, then ask who is signed in, unless the page arrived
 * knowing (a server-rendered page asked for without the auth cookie is a visitor's, issue 9).
 */
export function useSessionBootstrap(): void {
  const refreshSession = useRefreshSession();
  const dispatch = useAppDispatch();
  const knownAtStart = useRef(useAppSelector(selectAuthChecked));
  useEffect(() => {
    const csrf = refreshCsrfCookie().catch(() => undefined);
    if (knownAtStart.current) return;
    void csrf.then(refreshSession).then((signedIn) => {
      // A server-rendered page holds what a visitor sees: with someone signed in, what depends on
      // who it is (likes, the cart) is asked again, the page staying on screen meanwhile (issue 9).
      if (signedIn && document.getElementById('preloaded-state')) dispatch(api.util.invalidateTags([...TAG_TYPES]));
    });
  }, [refreshSession, dispatch]);
}
