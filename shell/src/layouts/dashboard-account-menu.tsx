import { useState } from 'react';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Box, Divider, Icon, IconButton, Typography } from '@shop/ui-kit';
import { Avatar, ListItemIcon, Menu, MenuItem, Tooltip } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { useLogout } from '../auth/use-logout';
import { t } from '../strings';

/**
 * The dashboard header's account menu (issue 7): an avatar button that opens the user's name
 * and email, «پروفایل» (/profile#home), «بازگشت به سایت» and «خروج» (the site's one logout,
 * {@link useLogout}: toast, then after 3 seconds signed out at /).
 */
export function DashboardAccountMenu() {
  const user = useAppSelector(selectCurrentUser);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { logout, pending } = useLogout();
  if (!user) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t.account.menu}>
        <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t.account.menu} aria-haspopup="menu" aria-expanded={!!anchor}>
          <Avatar sx={{ width: 32, height: 32, fontSize: 16, bgcolor: 'primary.main' }}>{user.full_name.trim().charAt(0)}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {user.full_name}
          </Typography>
          <Typography variant="body2" color="text.secondary" dir="ltr" noWrap sx={{ textAlign: 'right' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={Link} to="/profile#home" onClick={close}>
          <ListItemIcon>
            <Icon name="Person" fontSize="small" />
          </ListItemIcon>
          {t.nav.profile}
        </MenuItem>
        <MenuItem component={Link} to="/" onClick={close}>
          <ListItemIcon>
            <Icon name="Home" fontSize="small" />
          </ListItemIcon>
          {t.nav.backToSite}
        </MenuItem>
        <MenuItem
          disabled={pending}
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <Icon name="Logout" fontSize="small" />
          </ListItemIcon>
          {t.nav.logout}
        </MenuItem>
      </Menu>
    </>
  );
}
