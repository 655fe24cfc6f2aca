import { Box, Container, Divider, Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';

const FOOTER_LINKS = [
  { to: '/frequently-asked-questions', label: t.nav.faq },
  { to: '/terms-and-conditions', label: t.nav.terms },
  { to: '/contact-us', label: t.nav.contact },
  { to: '/about-me', label: t.nav.aboutMe },
];

/** The RSS feeds the server renders (issue 3 API); plain links, since they are not app pages. */
export const FEEDS = [
  { href: '/feeds/posts.xml', label: t.footer.postsFeed },
  { href: '/feeds/podcasts.xml', label: t.footer.podcastsFeed },
] as const;

/** The public footer (SPEC §1): FAQ, terms, contact and about-me links, the RSS feeds, the rights line. */
export function SiteFooter() {
  return (
    <>
      <Divider />
      <Box component="footer" sx={{ py: 4 }}>
        <Container>
          <Stack sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }} spacing={3} useFlexGap direction={{ xs: 'column', sm: 'row' }}>
            <Stack spacing={1.5} useFlexGap>
              <Stack sx={{ flexWrap: 'wrap' }} spacing={3} useFlexGap direction="row" component="nav" aria-label={t.footer.links}>
                {FOOTER_LINKS.map((link) => (
                  <MuiLink key={link.to} component={Link} to={link.to} color="text.secondary" underline="hover">
                    {link.label}
                  </MuiLink>
                ))}
              </Stack>
              <Stack sx={{ flexWrap: 'wrap' }} spacing={3} useFlexGap direction="row" aria-label={t.footer.feeds} role="group">
                {FEEDS.map((feed) => (
                  <MuiLink key={feed.href} href={feed.href} type="application/rss+xml" color="text.secondary" underline="hover" variant="body2">
                    {feed.label}
                  </MuiLink>
                ))}
              </Stack>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              © {t.siteName} — {t.footer.rights}
            </Typography>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
