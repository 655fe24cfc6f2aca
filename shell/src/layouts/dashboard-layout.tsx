import { useEffect } from 'react';
import {
  layoutChanged,
  selectSidebarOpen,
  sidebarToggled,
  useAppDispatch,
  useAppSelector,
} from '@shop/api-client';
import {
  AppBar,
  Box,
  Icon,
  IconButton,
  Skeleton,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@shop/ui-kit';
import { Drawer, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@shop/ui-kit/lazy';
import { NavLink } from '@shop/router';
import { ThemeSwitch } from './theme-switch';
import { DashboardAccountMenu } from './dashboard-account-menu';
import { DashboardHeaderMenu } from './dashboard-header-menu';
import { PageErrorOutlet } from './page-error-outlet';
import { useDashboardNav } from './use-dashboard-nav';
import { t } from '../strings';

const DRAWER_WIDTH = 260;

/** The dashboard layout: header (tickets/comments menu, theme switch, account menu), a navigation drawer assembled from the remotes, the page. */
export function DashboardLayout() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidebarOpen);
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { items, loading } = useDashboardNav();

  useEffect(() => {
    dispatch(layoutChanged('dashboard'));
    return () => {
      dispatch(layoutChanged('default'));
    };
  }, [dispatch]);

  const nav = (
    <Box component="nav" aria-label={t.nav.dashboard} sx={{ width: DRAWER_WIDTH }}>
      <Toolbar />
      {/* Each link in its own item: a list holds only list items (WCAG 1.3.1, axe `list`; issue 22 item 15). */}
      <List>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to="/dashboard" end onClick={() => dispatch(sidebarToggled(false))}>
            <ListItemIcon>
              <Icon name="Dashboard" />
            </ListItemIcon>
            <ListItemText primary={t.dashboard.homeTitle} />
          </ListItemButton>
        </ListItem>
        {loading
          ? [0, 1, 2].map((i) => (
              <ListItem key={i} disablePadding>
                <Skeleton height={44} sx={{ mx: 2, flexGrow: 1 }} />
              </ListItem>
            ))
          : items.map((item) => (
              <ListItem key={item.path} disablePadding>
                <ListItemButton component={NavLink} to={item.path} onClick={() => dispatch(sidebarToggled(false))}>
                  <ListItemIcon>
                    <Icon name={item.icon} />
                  </ListItemIcon>
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="default" elevation={0} sx={{ zIndex: (th) => th.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton edge="start" onClick={() => dispatch(sidebarToggled())} aria-label={t.nav.openMenu}>
              <Icon name="Menu" />
            </IconButton>
          )}
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {t.dashboard.homeTitle}
          </Typography>
          <DashboardHeaderMenu />
          <ThemeSwitch />
          <DashboardAccountMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant={desktop ? 'permanent' : 'temporary'}
        open={desktop || open}
        onClose={() => dispatch(sidebarToggled(false))}
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        {nav}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}>
        <Toolbar />
        <PageErrorOutlet />
      </Box>
    </Box>
  );
}
