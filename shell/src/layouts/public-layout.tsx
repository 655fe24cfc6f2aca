import { AppBar, Box, Button, Container, Stack, Toolbar, Typography } from '@shop/ui-kit';
import { Island, Link, NavLink } from '@shop/router';
import { Slot } from '../federation/remote-areas';
import { AccountLinks } from './account-links';
import { PageErrorOutlet } from './page-error-outlet';
import { SiteFooter } from './site-footer';
import { ThemeSwitch } from './theme-switch';
import { useSiteName } from './use-site-name';
import { HeaderSearch } from '../search/header-search';
import { t } from '../strings';

const MAIN_LINKS = [
  { to: '/posts', label: t.nav.posts },
  { to: '/podcasts', label: t.nav.podcasts },
  { to: '/products', label: t.nav.products },
];

/** The public header's toolbar height in px; the header adds its 1 px bottom border. */
const TOOLBAR_HEIGHT = 64;

/**
 * The CSS custom property with the sticky public header's height (toolbar and border), set for
 * every public page: a remote's own sticky bar (a quiz's timer, issue 37) sits below the header with
 * `top: calc(var(--public-header-height, 0px) + …)` instead of sliding under it.
 */
const PUBLIC_HEADER_HEIGHT_VARIABLE = '--public-header-height';

/**
 * The public layout (SPEC §1): header with the site's name, navigation, search box, theme switch,
 * cart menu and account links; the announcement banner above the page (issue 8); the footer.
 * On a server-rendered page the header's controls are islands (issue 9); the rest is HTML.
 */
export function PublicLayout() {
  const siteName = useSiteName();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', [PUBLIC_HEADER_HEIGHT_VARIABLE]: `${TOOLBAR_HEIGHT + 1}px` }}>
      <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container>
          <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 2 }, minHeight: TOOLBAR_HEIGHT }}>
            <Typography
              component={Link}
              to="/"
              variant="h6"
              noWrap
              sx={{ fontWeight: 700, color: 'inherit', textDecoration: 'none', ml: { xs: 0, sm: 2 }, fontSize: { xs: 17, sm: 20 }, flexShrink: 0 }}
            >
              {siteName}
            </Typography>
            <Stack spacing={0.5} useFlexGap component="nav" direction="row" sx={{ display: { xs: 'none', md: 'flex' }, flexGrow: 1 }}>
              {MAIN_LINKS.map((link) => (
                <Button key={link.to} component={NavLink} to={link.to} color="inherit">
                  {link.label}
                </Button>
              ))}
            </Stack>
            <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
            <Island target={{ owner: 'shell', part: 'header-search' }} hydrate="interaction">
              <HeaderSearch />
            </Island>
            <Island target={{ owner: 'shell', part: 'theme-switch' }} hydrate="interaction">
              <ThemeSwitch />
            </Island>
            <Slot name="header.cart-menu" />
            <Island target={{ owner: 'shell', part: 'account-links' }} hydrate="interaction">
              <AccountLinks />
            </Island>
          </Toolbar>
          {/* Phones and tablets: the sections get a row of their own under the header. */}
          <Stack component="nav" direction="row" spacing={1} useFlexGap sx={{ display: { xs: 'flex', md: 'none' }, pb: 1 }}>
            {MAIN_LINKS.map((link) => (
              <Button key={link.to} component={NavLink} to={link.to} color="inherit" size="small">
                {link.label}
              </Button>
            ))}
          </Stack>
        </Container>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        {/* The page waits for the banner above it, so a click aimed at the page never lands on what moved down. */}
        <Slot name="layout.announcements" holdsPage />
        <PageErrorOutlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
