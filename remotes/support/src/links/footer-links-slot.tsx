import { Link } from '@shop/router';
import { Box, Link as MuiLink, Stack, visuallyHidden } from '@shop/ui-kit';
import { useGetLinksQuery } from './links-api';
import { t } from '../strings';

/** A footer link's address: a path of this site (`/posts`) opens in the app, anything else is external. */
const isSitePath = (address: string) => address.startsWith('/') && !address.startsWith('//');

/**
 * The footer's links (slot `footer.links`; issue 8): the links of type `link`
 * (`GET /api/links?type=link`), in the footer's style. A path of this site opens in the app; an
 * external address opens in a new tab with `rel="noopener noreferrer"`. Nothing when there are none.
 */
export default function FooterLinksSlot() {
  const { data } = useGetLinksQuery('link');
  const links = data?.data ?? [];
  if (links.length === 0) return null;
  return (
    <Stack component="nav" aria-label={t.footerLinks} direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {links.map((link) =>
        isSitePath(link.text) ? (
          <MuiLink key={link.id} component={Link} to={link.text} color="text.secondary" underline="hover">
            {link.title}
          </MuiLink>
        ) : (
          <MuiLink key={link.id} href={link.text} target="_blank" rel="noopener noreferrer" color="text.secondary" underline="hover">
            {link.title}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {t.opensInNewTab}
            </Box>
          </MuiLink>
        ),
      )}
    </Stack>
  );
}
