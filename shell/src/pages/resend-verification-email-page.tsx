import { Alert, Button, Container, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';

/**
 * `/resend-verification-email` (SPEC §2): where the guards send users whose email is not
 * verified. Sending the email again arrives with the mail adapter (a later issue).
 */
export default function ResendVerificationEmailPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t.verification.unverifiedTitle}
      </Typography>
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t.verification.unverifiedText}
      </Alert>
      <Button component={Link} to="/" variant="outlined">
        {t.errors.backHome}
      </Button>
    </Container>
  );
}
