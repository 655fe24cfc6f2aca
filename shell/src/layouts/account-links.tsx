import { isDashboardUser } from '@shop/contracts';
import { selectAuthChecked, selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Button, Icon, IconButton, Stack } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { useLogout } from '../auth/use-logout';
import { t } from '../strings';

/** The header's account area: login/register for visitors; profile, dashboard and logout for users. */
export function AccountLinks() {
  const checked = useAppSelector(selectAuthChecked);
  const user = useAppSelector(selectCurrentUser);
  const { logout, pending } = useLogout();
  if (!checked) return null;
  if (!user) {
    return (
      <Stack spacing={1} useFlexGap direction="row">
        <Button component={Link} to="/login" variant="contained" size="small" startIcon={<Icon name="Login" />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t.nav.login}
        </Button>
        <Button component={Link} to="/register" variant="outlined" size="small" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
          {t.nav.register}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
      {isDashboardUser(user) && (
        <IconButton title={t.nav.dashboard} component={Link} to="/dashboard" aria-label={t.nav.dashboard}>
          <Icon name="Dashboard" />
        </IconButton>
      )}
      <IconButton title={t.nav.profile} component={Link} to="/profile#home" aria-label={t.nav.profile}>
        <Icon name="Person" />
      </IconButton>
      <IconButton title={t.nav.logout} onClick={() => void logout()} disabled={pending} aria-label={t.nav.logout}>
        <Icon name="Logout" />
      </IconButton>
    </Stack>
  );
}
