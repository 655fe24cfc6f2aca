import { useEffect, useRef, useState } from 'react';
import { readApiError, selectAuthChecked, selectCurrentUser, useAppDispatch, useAppSelector, userReceived } from '@shop/api-client';
import type { EmailVerificationState } from '@shop/contracts';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@shop/ui-kit';
import { Link, useSearchParams } from '@shop/router';
import { useVerifyEmailMutation } from '../auth/auth-api';
import { useRefreshSession } from '../auth/use-session';
import { VerifyMobileStep } from '../auth/verify-mobile-step';
import { MessageScreen } from './message-screen';
import { t } from '../strings';

/** What opening the link came to: the server's two answers, an invalid link (422), or another failure. */
type Outcome = { state: EmailVerificationState } | { state: 'invalid' } | { state: 'failed'; message: string };

/**
 * After registering (issue 26, issue 32 item 7): a signed-in user whose mobile is not verified is
 * offered to verify it here by an SMS code ({@link VerifyMobileStep}, skippable with «بعداً»); the
 * stored user's mobile is marked verified when they do.
 */
function MobileOffer() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [closed, setClosed] = useState(false);
  if (closed || !user?.mobile || user.is_mobile_verified) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <VerifyMobileStep
        mobile={user.mobile}
        onDone={(verified) => {
          if (verified) dispatch(userReceived({ user: { ...user, is_mobile_verified: true } }));
          setClosed(true);
        }}
      />
    </Box>
  );
}

/**
 * `/verification` (SPEC §2, §8). With `?msg=email-verification-has-been-sent` it says the mail
 * was sent, and offers a new user to verify their mobile ({@link MobileOffer}). With `?token=…` (the link in the verification email) it posts the token once, even
 * under StrictMode's double effects, and shows one of SPEC §8's states: verified (the signed-in
 * user is fetched again, so the store knows), already verified, or link invalid or expired
 * (with the way to a new link: the resend page when signed in, else /login). The page shows
 * its own errors; the catalogue stays quiet for this call.
 */
export default function VerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [verifyEmail] = useVerifyEmailMutation();
  const refreshSession = useRefreshSession();
  const user = useAppSelector(selectCurrentUser);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const postedFor = useRef<string | null>(null);
  const refreshed = useRef(false);

  useEffect(() => {
    if (!token || postedFor.current === token) return;
    postedFor.current = token;
    setOutcome(null);
    void verifyEmail({ token }).then((result) => {
      if ('data' in result && result.data) {
        setOutcome({ state: result.data.status });
        return;
      }
      const error = readApiError(result.error);
      setOutcome(error.status === 422 ? { state: 'invalid' } : { state: 'failed', message: error.message ?? t.errors.generic });
    });
  }, [token, verifyEmail]);

  // The store still holds the signed-in user as unverified (also when the start-up check answers
  // after the link did): read them again, once, so `is_email_verified` turns true everywhere.
  const verified = outcome?.state === 'verified' || outcome?.state === 'already-verified';
  useEffect(() => {
    if (!verified || !user || user.is_email_verified || refreshed.current) return;
    refreshed.current = true;
    void refreshSession();
  }, [verified, user, refreshSession]);

  if (!token) {
    const sent = params.get('msg') === 'email-verification-has-been-sent';
    return (
      <MessageScreen title={t.verification.title}>
        <Alert severity={sent ? 'success' : 'info'} sx={{ mb: 3 }}>
          {sent ? t.verification.sent : t.verification.generic}
        </Alert>
        {sent && <MobileOffer />}
        <HomeButton />
      </MessageScreen>
    );
  }
  if (!outcome) {
    return (
      <MessageScreen title={t.verification.title}>
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t.verification.checking}</Typography>
        </Box>
      </MessageScreen>
    );
  }
  switch (outcome.state) {
    case 'verified':
      return (
        <MessageScreen title={t.verification.verifiedTitle}>
          <Alert severity="success" sx={{ mb: 3 }}>
            {t.verification.verified}
          </Alert>
          <HomeButton />
        </MessageScreen>
      );
    case 'already-verified':
      return (
        <MessageScreen title={t.verification.alreadyVerifiedTitle}>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t.verification.alreadyVerified}
          </Alert>
          <HomeButton />
        </MessageScreen>
      );
    case 'invalid':
      return (
        <MessageScreen title={t.verification.invalidTitle}>
          <InvalidLink />
        </MessageScreen>
      );
    case 'failed':
      return (
        <MessageScreen title={t.verification.failedTitle}>
          <Alert severity="error" sx={{ mb: 3 }}>
            {outcome.message}
          </Alert>
          <HomeButton />
        </MessageScreen>
      );
  }
}

/** The invalid-link state: the Persian error and the way to a new link. */
function InvalidLink() {
  const checked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectCurrentUser);
  const signedIn = checked && user !== null;
  return (
    <>
      <Alert severity="error" sx={{ mb: 3 }}>
        {t.verification.invalid} {signedIn ? t.verification.invalidSignedIn : t.verification.invalidVisitor}
      </Alert>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {signedIn ? (
          <Button component={Link} to="/resend-verification-email" variant="contained">
            {t.verification.resendButton}
          </Button>
        ) : (
          <Button component={Link} to="/login" variant="contained">
            {t.verification.loginAction}
          </Button>
        )}
        <HomeButton />
      </Stack>
    </>
  );
}

function HomeButton() {
  return (
    <Button component={Link} to="/" variant="outlined">
      {t.errors.backHome}
    </Button>
  );
}
