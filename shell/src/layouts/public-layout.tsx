import { AppBar, Box, Button, Container, Divider, Link as MuiLink, Stack, Toolbar, Typography } from '@shop/ui-kit';
import { Link, NavLink } from '@shop/router';
import { Slot } from '../federation/remote-areas';
import { AccountLinks } from './account-links';
import { PageErrorOutlet } from './page-error-outlet';
import { ThemeSwitch } from './theme-switch';
import { t } from '../strings';

const MAIN_LINKS = [
  { to: '/posts', label: t.nav.posts },
  { to: '/podcasts', label: t.nav.podcasts },
  { to: '/products', label: t.nav.products },
];

const FOOTER_LINKS = [
  { to: '/frequently-asked-questions', label: t.nav.faq },
  { to: '/terms-and-conditions', label: t.nav.terms },
  { to: '/contact-us', label: t.nav.contact },
  { to: '/about-me', label: t.nav.aboutMe },
];

/** The public layout (SPEC §1): header with navigation, theme switch, cart menu and account links; footer links. */
export function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container>
          <Toolbar disableGutters sx={{ gap: 2, minHeight: 64 }}>
            <Typography component={Link} to="/" variant="h6" sx={{ fontWeight: 700, color: 'inherit', textDecoration: 'none', ml: 2 }}>
              {t.siteName}
            </Typography>
            <Stack spacing={0.5} useFlexGap component="nav" direction="row" sx={{ display: { xs: 'none', md: 'flex' }, flexGrow: 1 }}>
              {MAIN_LINKS.map((link) => (
                <Button key={link.to} component={NavLink} to={link.to} color="inherit">
                  {link.label}
                </Button>
              ))}
            </Stack>
            <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
            <ThemeSwitch />
            <Slot name="header.cart-menu" />
            <AccountLinks />
          </Toolbar>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <PageErrorOutlet />
      </Box>
      <Divider />
      <Box component="footer" sx={{ py: 4 }}>
        <Container>
          <Stack sx={{ justifyContent: 'space-between', alignItems: {sm: 'center' } }} spacing={3} useFlexGap direction={{ xs: 'column', sm: 'row' }}>
            <Stack sx={{ flexWrap: 'wrap' }} spacing={3} useFlexGap direction="row" component="nav">
              {FOOTER_LINKS.map((link) => (
                <MuiLink key={link.to} component={Link} to={link.to} color="text.secondary" underline="hover">
                  {link.label}
                </MuiLink>
              ))}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              © {t.siteName} — {t.footer.rights}
            </Typography>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
