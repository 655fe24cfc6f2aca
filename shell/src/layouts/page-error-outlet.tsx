import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@shop/api-client';
import { Outlet, useLocation } from '@shop/router';
import { pageErrorCleared, selectPageError } from '../errors/page-error-slice';
import { ErrorPage } from '../pages/error-page';

/** The page, or the error page a failed page load raised (SPEC §8); cleared on navigation. */
export function PageErrorOutlet() {
  const status = useAppSelector(selectPageError);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  // Cleared when the path changes, not on mount: a server-rendered error page keeps its status.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    dispatch(pageErrorCleared());
  }, [pathname, dispatch]);
  return status ? <ErrorPage status={status} /> : <Outlet />;
}
