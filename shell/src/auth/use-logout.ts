import { signedOut, useAppDispatch } from '@shop/api-client';
import { enqueueSnackbar } from '@shop/ui-kit';
import { useNavigate } from '@shop/router';
import { useLogoutMutation } from './auth-api';
import { AUTH_REDIRECT_DELAY_MS } from './redirect-delay';
import { t } from '../strings';

/** Logout (SPEC §4): revoke the token, toast, then after 3 seconds clear the user and go to /. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const [logoutRequest, { isLoading, isSuccess }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return {
    pending: isLoading || isSuccess,
    async logout() {
      const result = await logoutRequest();
      if ('error' in result) return;
      enqueueSnackbar(t.auth.logoutSuccess, { variant: 'success' });
      setTimeout(() => {
        dispatch(signedOut());
        navigate('/');
      }, AUTH_REDIRECT_DELAY_MS);
    },
  };
}
