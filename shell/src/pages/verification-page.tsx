import { Alert, Button, Container, Typography } from '@shop/ui-kit';
import { Link, useSearchParams } from '@shop/router';
import { t } from '../strings';

/** `/verification` (SPEC §2): tells a new user that the verification email was sent. */
export default function VerificationPage() {
  const [params] = useSearchParams();
  const sent = params.get('msg') === 'email-verification-has-been-sent';
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t.verification.title}
      </Typography>
      <Alert severity={sent ? 'success' : 'info'} sx={{ mb: 3 }}>
        {sent ? t.verification.sent : t.verification.generic}
      </Alert>
      <Button component={Link} to="/" variant="outlined">
        {t.errors.backHome}
      </Button>
    </Container>
  );
}
