import { Box, Button, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import type { PageErrorStatus } from '../errors/page-error-slice';
import { t } from '../strings';
import { DeclarePageHead } from '../head/page-head';

const VARIANTS: Record<PageErrorStatus, { title: string; text: string; code: string }> = {
  404: { title: t.errors.notFoundTitle, text: t.errors.notFoundText, code: '۴۰۴' },
  429: { title: t.errors.tooManyTitle, text: t.errors.tooManyText, code: '۴۲۹' },
  500: { title: t.errors.serverTitle, text: t.errors.serverText, code: '۵۰۰' },
  503: { title: t.errors.unavailableTitle, text: t.errors.unavailableText, code: '۵۰۳' },
};

/**
 * The error page of SPEC §2 in its three variants: 404, 429 and 5xx (anything else; 503, a service
 * briefly away, in words of its own: issue 23); titled with
 * its variant and kept out of search indexes (issue 9).
 */
export function ErrorPage({ status }: { status: PageErrorStatus }) {
  const variant = VARIANTS[status];
  return (
    <Box component="section" data-error-page={status} sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, maxWidth: 640, mx: 'auto' }}>
      <DeclarePageHead head={{ title: variant.title, noindex: true }} />
      <Typography variant="h1" sx={{ fontSize: { xs: 72, md: 112 }, fontWeight: 700, color: 'primary.main' }}>
        {variant.code}
      </Typography>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {variant.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {variant.text}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {t.errors.backHome}
      </Button>
    </Box>
  );
}
