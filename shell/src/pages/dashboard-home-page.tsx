import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Alert, Card, CardActionArea, CardContent, Grid, Icon, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { OverviewFigures } from '../dashboard/overview-figures';
import { useDashboardNav } from '../layouts/use-dashboard-nav';
import { t } from '../strings';

/**
 * `/dashboard`: a greeting, the figures the user's permissions allow with the last 30 days' sales
 * (issue 8), and a card per section the user may open.
 */
export default function DashboardHomePage() {
  const user = useAppSelector(selectCurrentUser);
  const { items, loading } = useDashboardNav();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t.dashboard.welcome(user?.full_name ?? '')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {user?.status === 'super' ? t.dashboard.roleSuper : t.dashboard.roleStaff} — {t.dashboard.homeText}
      </Typography>
      <OverviewFigures />
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t.dashboard.sections}
      </Typography>
      {!loading && items.length === 0 && <Alert severity="info">{t.dashboard.noSections}</Alert>}
      <Grid container spacing={2}>
        {items.map((item) => (
          <Grid key={item.path} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={Link} to={item.path}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <Icon name={item.icon} color="primary" />
                  <Typography variant="h6" component="span">
                    {item.label}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
