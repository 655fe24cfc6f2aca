import { LOGIN_RETURN_PARAM, safeReturnPath } from '@shop/contracts';
import { selectCurrentUser, useAppDispatch, useAppSelector, userReceived } from '@shop/api-client';
import { Alert, Button, Container, Paper } from '@shop/ui-kit';
import { Link, useNavigate, useSearchParams } from '@shop/router';
import { VerifyMobileStep } from '../auth/verify-mobile-step';
import { t } from '../strings';

/** Where the page returns without `?redirect=`: the profile's details, which show the mobile. */
const PROFILE_HOME = '/profile#home';

/**
 * `/verify-mobile` (issue 26; signed in): the profile's «تأیید شماره» runs here the same step as
 * /register ({@link VerifyMobileStep}) for the user's own mobile, then goes back to `?redirect=`
 * (a path of this site) or /profile#home, the stored user's mobile marked verified. A mobile
 * already verified, or none, is said so with a way back.
 */
export default function VerifyMobilePage() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(LOGIN_RETURN_PARAM)) ?? PROFILE_HOME;
  if (!user) return null;
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper sx={{ p: { xs: 3, md: 4 } }}>
        {user.mobile && !user.is_mobile_verified ? (
          <VerifyMobileStep
            mobile={user.mobile}
            onDone={(verified) => {
              if (verified) dispatch(userReceived({ user: { ...user, is_mobile_verified: true } }));
              navigate(returnTo);
            }}
          />
        ) : (
          <>
            <Alert severity={user.mobile ? 'success' : 'info'} role="status" sx={{ mb: 2 }}>
              {user.mobile ? t.auth.mobileAlreadyVerified : t.auth.noMobile}
            </Alert>
            <Button component={Link} to={returnTo} variant="contained" fullWidth>
              {t.auth.verifyMobileBack}
            </Button>
          </>
        )}
      </Paper>
    </Container>
  );
}
