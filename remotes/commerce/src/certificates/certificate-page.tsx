import { useSiteInformation } from '@shop/api-client';
import { formatJalaliDate } from '@shop/format';
import { Link, useParams } from '@shop/router';
import { Alert, Box, Button, Container, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { useGetCertificateQuery } from './certificates-api';
import { t } from '../strings';

/**
 * Printing a certificate: one A4 landscape page with the certificate alone, dark on white: every
 * element that neither holds it nor is in it is left out (the site's header, footer, navigation,
 * announcements, the page's buttons and notices); a revoked one keeps its stamp.
 */
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 12mm; }
  html, body { background: #fff !important; }
  body *:not(:has([data-print="certificate"])):not([data-print="certificate"]):not([data-print="certificate"] *) { display: none !important; }
  body *:has([data-print="certificate"]) { min-height: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  [data-print="certificate"] { break-inside: avoid; box-shadow: none !important; min-height: 170mm !important; display: flex; flex-direction: column; justify-content: center; }
  [data-print="certificate"], [data-print="certificate"] * { color: #111 !important; background: transparent !important; }
}`;

/**
 * `/certificates/:code` (issue 24): a course's certificate that anyone can open to check it, the
 * holder's name, the course, the Jalali date, the site's name and the verification code; a revoked
 * one says so. Server-rendered with its head (Open Graph for sharing); printable on one A4
 * landscape page. An unknown code is the 404 page (the API's 404).
 */
export default function CertificatePage() {
  const code = useParams().code ?? '';
  const certificate = useGetCertificateQuery(code).data?.data;
  const site = useSiteInformation();
  if (!certificate) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Skeleton variant="rounded" height={420} />
      </Container>
    );
  }
  const revoked = certificate.revoked_at !== null;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <style>{PRINT_CSS}</style>
      {revoked && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t.certificate.revoked(formatJalaliDate(certificate.revoked_at!))}
        </Alert>
      )}
      <Paper
        component="article"
        data-print="certificate"
        aria-label={t.certificate.title(certificate.product_title)}
        variant="outlined"
        sx={{
          position: 'relative',
          p: { xs: 3, sm: 6 },
          borderRadius: 4,
          borderWidth: 3,
          borderStyle: 'double',
          borderColor: revoked ? 'error.main' : 'primary.main',
          textAlign: 'center',
          opacity: revoked ? 0.75 : 1,
        }}
      >
        {site && (
          <Typography variant="overline" component="p" sx={{ fontSize: 16, letterSpacing: 0 }}>
            {site.site_name}
          </Typography>
        )}
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, my: 2, fontSize: { xs: 30, sm: 42 } }}>
          {t.certificate.heading}
        </Typography>
        <Typography sx={{ fontSize: 18 }}>{t.certificate.certifies}</Typography>
        <Typography component="p" sx={{ fontSize: { xs: 26, sm: 34 }, fontWeight: 700, my: 2 }}>
          {certificate.holder_name}
        </Typography>
        <Typography sx={{ fontSize: 18 }}>
          {t.certificate.finished} <Box component="strong">«{certificate.product_title}»</Box> {t.certificate.finishedEnd}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 6 }} useFlexGap sx={{ justifyContent: 'center', mt: 4 }}>
          <Typography>
            {t.certificate.issuedAt} <time dateTime={certificate.issued_at}>{formatJalaliDate(certificate.issued_at)}</time>
          </Typography>
          <Typography>
            {t.certificate.code}{' '}
            <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: 18, letterSpacing: 2 }}>
              {certificate.code}
            </Box>
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {t.certificate.verify}
        </Typography>
        {revoked && (
          <Typography
            aria-hidden
            sx={{ position: 'absolute', insetBlockStart: 24, insetInlineEnd: 24, transform: 'rotate(-12deg)', color: 'error.main', border: 3, borderColor: 'error.main', borderRadius: 2, px: 2, fontWeight: 800, fontSize: 22 }}
          >
            {t.certificate.revokedStamp}
          </Typography>
        )}
      </Paper>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => window.print()}>
          {t.certificate.print}
        </Button>
        <Button component={Link} to={`/products/${certificate.product_id}`} variant="outlined">
          {t.certificate.course}
        </Button>
      </Stack>
    </Container>
  );
}
