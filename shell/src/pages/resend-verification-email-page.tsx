import { useEffect, useRef, useState } from 'react';
import { readApiError, selectAuthChecked, selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { useResendVerificationEmailMutation } from '../auth/auth-api';
import { retryAfterSeconds, waitMessage } from '../auth/retry-after';
import { useRefreshSession } from '../auth/use-session';
import { MessageScreen } from './message-screen';
import { t } from '../strings';

/** The server sends one verification email a minute (issue 7); the button rests this long after a send or a 429 without Retry-After. */
const RESEND_COOLDOWN_SECONDS = 60;

type Notice = { severity: 'success' | 'warning'; text: string };

/**
 * `/resend-verification-email` (SPEC §2, §6): where the guards send users whose email is not
 * verified, staff and super included. A signed-in, unverified user gets a button that sends the
 * email again (`POST /api/auth/resend-verification-email`), then the address it went to; a 429
 * says how long to wait and rests the button. A verified user is told so, with a link home; a
 * visitor is asked to log in.
 */
export default function ResendVerificationEmailPage() {
  const checked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectCurrentUser);
  const [resend, { isLoading }] = useResendVerificationEmailMutation();
  const refreshSession = useRefreshSession();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [resting, setResting] = useState(false);
  const restTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(restTimer.current), []);

  function rest(seconds: number) {
    setResting(true);
    clearTimeout(restTimer.current);
    restTimer.current = setTimeout(() => setResting(false), seconds * 1000);
  }

  async function send() {
    if (!user) return;
    const result = await resend();
    if ('data' in result) {
      setNotice({ severity: 'success', text: t.verification.resent(user.email) });
      rest(RESEND_COOLDOWN_SECONDS);
      return;
    }
    const { status } = readApiError(result.error);
    if (status === 429) {
      const seconds = retryAfterSeconds(result.error);
      setNotice({ severity: 'warning', text: waitMessage(seconds) });
      rest(seconds ?? RESEND_COOLDOWN_SECONDS);
    } else if (status === 422) {
      // Verified meanwhile (another tab, another device): read the user again; the page follows.
      await refreshSession();
    }
  }

  if (!checked) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label={t.remote.loading} />
      </Box>
    );
  }
  if (!user) {
    return (
      <MessageScreen title={t.verification.resendTitle}>
        <Alert severity="info" sx={{ mb: 3 }}>
          {t.verification.resendVisitor}
        </Alert>
        <Button component={Link} to="/login" variant="contained">
          {t.verification.loginAction}
        </Button>
      </MessageScreen>
    );
  }
  if (user.is_email_verified) {
    return (
      <MessageScreen title={t.verification.alreadyVerifiedTitle}>
        <Alert severity="success" sx={{ mb: 3 }}>
          {t.verification.alreadyVerified}
        </Alert>
        <Button component={Link} to="/" variant="outlined">
          {t.errors.backHome}
        </Button>
      </MessageScreen>
    );
  }
  return (
    <MessageScreen title={t.verification.resendTitle}>
      <Typography sx={{ mb: 3 }}>{t.verification.resendText(user.email)}</Typography>
      {notice && (
        <Alert severity={notice.severity} role="alert" sx={{ mb: 3 }}>
          {notice.text}
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void send()} disabled={isLoading || resting}>
          {t.verification.resendButton}
        </Button>
        <Button component={Link} to="/" variant="outlined">
          {t.errors.backHome}
        </Button>
      </Stack>
    </MessageScreen>
  );
}
