import { SOCIAL_NETWORKS, type SiteInformation, type SocialNetwork } from '@shop/contracts';
import { useSiteInformation } from '@shop/api-client';
import { formatMobile } from '@shop/format';
import { Box, Container, Divider, Grid, Icon, IconButton, Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { Slot } from '../federation/remote-areas';
import { t } from '../strings';
import { useSiteName } from './use-site-name';

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

/** The ui kit's icon of each social network (Aparat has none of its own: a video icon). */
const NETWORK_ICONS: Record<SocialNetwork, string> = {
  telegram: 'Telegram',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  aparat: 'OndemandVideo',
  linkedin: 'LinkedIn',
  github: 'GitHub',
};

/** Only http(s) addresses become links (the server accepts nothing else; this keeps `javascript:` out for sure). */
const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

function ContactDetails({ info }: { info: SiteInformation }) {
  const { contact_email: email, contact_phone: phone, address } = info;
  if (!email && !phone && !address) return null;
  return (
    <Stack component="address" aria-label={t.footer.contact} spacing={1} useFlexGap sx={{ fontStyle: 'normal' }}>
      {email && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
          <Icon name="Email" fontSize="small" color="action" titleAccess={t.footer.email} />
          <MuiLink href={`mailto:${email}`} color="text.secondary" underline="hover" variant="body2">
            <bdi dir="ltr">{email}</bdi>
          </MuiLink>
        </Stack>
      )}
      {phone && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
          <Icon name="Phone" fontSize="small" color="action" titleAccess={t.footer.phone} />
          <MuiLink href={`tel:${phone}`} color="text.secondary" underline="hover" variant="body2">
            <bdi dir="ltr">{formatMobile(phone)}</bdi>
          </MuiLink>
        </Stack>
      )}
      {address && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
          <Icon name="Place" fontSize="small" color="action" titleAccess={t.footer.address} />
          <Typography variant="body2" color="text.secondary">
            {address}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

function SocialLinks({ links }: { links: SiteInformation['social_links'] }) {
  const shown = SOCIAL_NETWORKS.filter((network) => isWebUrl(links[network]));
  if (shown.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap component="nav" aria-label={t.footer.social} sx={{ flexWrap: 'wrap', mx: -1 }}>
      {shown.map((network) => (
        <IconButton key={network} component="a" href={links[network]} target="_blank" rel="noopener noreferrer" aria-label={t.footer.networks[network]} title={t.footer.networks[network]}>
          <Icon name={NETWORK_ICONS[network]} />
        </IconButton>
      ))}
    </Stack>
  );
}

/**
 * The public footer (SPEC §1; issue 8): the site's name, short description, contact details and
 * social links from the site information; the FAQ, terms, contact and about-me links, the links
 * the support remote lists (`footer.links` slot), the RSS feeds; the rights line.
 */
export function SiteFooter() {
  const info = useSiteInformation();
  const siteName = useSiteName();
  return (
    <>
      <Divider />
      <Box component="footer" sx={{ py: 4 }}>
        <Container>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 5 }}>
              <Stack spacing={1.5} useFlexGap>
                <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                  {siteName}
                </Typography>
                {info?.short_description && (
                  <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 2 }}>
                    {info.short_description}
                  </Typography>
                )}
                {info && <ContactDetails info={info} />}
                {info && <SocialLinks links={info.social_links} />}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={1.5} useFlexGap>
                <Stack sx={{ flexWrap: 'wrap' }} spacing={3} useFlexGap direction="row" component="nav" aria-label={t.footer.links}>
                  {FOOTER_LINKS.map((link) => (
                    <MuiLink key={link.to} component={Link} to={link.to} color="text.secondary" underline="hover">
                      {link.label}
                    </MuiLink>
                  ))}
                </Stack>
                <Slot name="footer.links" />
                <Stack sx={{ flexWrap: 'wrap' }} spacing={3} useFlexGap direction="row" aria-label={t.footer.feeds} role="group">
                  {FEEDS.map((feed) => (
                    <MuiLink key={feed.href} href={feed.href} type="application/rss+xml" color="text.secondary" underline="hover" variant="body2">
                      {feed.label}
                    </MuiLink>
                  ))}
                </Stack>
              </Stack>
            </Grid>
          </Grid>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
            © {siteName} — {t.footer.rights}
          </Typography>
        </Container>
      </Box>
    </>
  );
}
