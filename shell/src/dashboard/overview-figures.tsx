import { lazy, Suspense } from 'react';
import { hasPermission, type DashboardOverview, type PermissionName } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { formatNumber } from '@shop/format';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Grid, Icon, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';
import { useDashboardOverview } from './dashboard-overview-api';
import { formatSalesTotal } from './format-sales-total';

// MUI X Charts load only with this chart, on the dashboard home (issue 8).
const SalesChart = lazy(() => import('./sales-chart'));

interface Figure {
  key: string;
  label: string;
  to: string;
  icon: string;
  permission: PermissionName;
  value: (overview: DashboardOverview) => number | undefined;
  format: (value: number) => string;
  /** A second line under the value (the gross beside a net figure). */
  detail?: (overview: DashboardOverview) => string | undefined;
}

/** «ناخالص: …» of a gross amount, when there is one. */
const grossLine = (amount: number | undefined) => (amount === undefined ? undefined : t.dashboard.salesGross(formatSalesTotal(amount)));

/** The figures of the dashboard home, each shown when the user's permissions allow its section. */
const FIGURES: Figure[] = [
  { key: 'tickets', label: t.dashboard.unreadTickets, to: '/dashboard/contact-us', icon: 'SupportAgent', permission: 'show-tickets', value: (o) => o.unread_tickets, format: formatNumber },
  { key: 'comments', label: t.dashboard.pendingComments, to: '/dashboard/comments', icon: 'Comment', permission: 'show-comments', value: (o) => o.pending_comments, format: formatNumber },
  // Net first, as the financial page's «خالص» (issue 32 item 6), the gross under it.
  { key: 'sales-today', label: t.dashboard.salesToday, to: '/dashboard/financial-info', icon: 'Payments', permission: 'show-financial-info', value: (o) => o.sales?.today_net, format: formatSalesTotal, detail: (o) => grossLine(o.sales?.today) },
  { key: 'sales-month', label: t.dashboard.salesThisMonth, to: '/dashboard/financial-info', icon: 'Payments', permission: 'show-financial-info', value: (o) => o.sales?.this_month_net, format: formatSalesTotal, detail: (o) => grossLine(o.sales?.this_month) },
  { key: 'new-users', label: t.dashboard.newUsersThisWeek, to: '/dashboard/users', icon: 'PersonAdd', permission: 'show-users', value: (o) => o.new_users_this_week, format: formatNumber },
];

const CELL = { xs: 12, sm: 6, md: 4, xl: 'grow' } as const;

function FigureCard({ figure, value, detail }: { figure: Figure; value: number; detail?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={Link} to={figure.to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', color: 'text.secondary', mb: 1 }}>
            <Icon name={figure.icon} fontSize="small" color="primary" />
            <Typography variant="body2">{figure.label}</Typography>
          </Stack>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {figure.format(value)}
          </Typography>
          {detail && (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function ChartSkeleton() {
  return <Skeleton variant="rounded" height={280} role="progressbar" aria-label={t.dashboard.overviewLoading} />;
}

/**
 * The dashboard home's figures (issue 8): unread tickets, comments awaiting approval, today's and
 * this month's sales in tomans (net of discounts, the gross under it: issue 32 item 6), users new this week, each a card linking to its section, then the
 * last 30 days' sales as a chart. Only the figures the user's permissions allow are asked for and
 * shown; skeletons while loading, a Persian notice with a retry when the figures cannot be read.
 */
export function OverviewFigures() {
  const user = useAppSelector(selectCurrentUser);
  const allowed = FIGURES.filter((figure) => hasPermission(user, figure.permission));
  const { data, isError, isLoading, refetch } = useDashboardOverview(allowed.length === 0);
  if (allowed.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="overview-heading" aria-busy={isLoading} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id="overview-heading" sx={{ mb: 2 }}>
        {t.dashboard.overview}
      </Typography>
      {isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t.dashboard.retry}
            </Button>
          }
        >
          {t.dashboard.overviewFailed}
        </Alert>
      ) : (
        <>
          <Grid container spacing={2}>
            {allowed.map((figure) => {
              const value = data ? figure.value(data) : undefined;
              if (data && value === undefined) return null;
              return (
                <Grid key={figure.key} size={CELL}>
                  {value === undefined ? <Skeleton variant="rounded" height={104} /> : <FigureCard figure={figure} value={value} detail={data && figure.detail?.(data)} />}
                </Grid>
              );
            })}
          </Grid>
          {isLoading && allowed.some((figure) => figure.permission === 'show-financial-info') && (
            <Box sx={{ mt: 3 }}>
              <ChartSkeleton />
            </Box>
          )}
          {data?.sales && (
            <Box sx={{ mt: 3 }}>
              <Suspense fallback={<ChartSkeleton />}>
                <SalesChart days={data.sales.last_30_days} />
              </Suspense>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
