import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@shop/api-client';
import { Outlet, useLocation } from '@shop/router';
import { pageErrorCleared, selectPageError } from '../errors/page-error-slice';
import { ErrorPage } from '../pages/error-page';

/** The page, or the error page a failed page load raised (SPEC §8); cleared on navigation. */
export function PageErrorOutlet() {
  const status = useAppSelector(selectPageError);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(pageErrorCleared());
  }, [pathname, dispatch]);
  return status ? <ErrorPage status={status} /> : <Outlet />;
}
