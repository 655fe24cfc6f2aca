import { SALES_PERIODS, SUPER_ONLY, hasPermission, type AccessRequirement, type SalesPeriod } from '@shop/contracts';
import { useUrlParams } from '@shop/content-ui';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { Link } from '@shop/router';
import { Box, Button, Icon, Stack, ToggleButton, ToggleButtonGroup, Typography, type IconName } from '@shop/ui-kit';
import { PageHeader } from '@shop/dashboard-ui';
import { FINANCIAL_PATHS } from './financial-paths';
import { SalesSummary } from './sales-summary';
import { agentStrings } from '../../agent-strings';
import { t } from '../../strings';

const DEFAULT_PERIOD: SalesPeriod = 'month';

/**
 * The sub pages, each shown to staff holding its permission; the access check to super users alone
 * (issue 36 item 1); gift cards and users' wallets to those who may refund (issue 36 item 3); the
 * parts to be paid of courses bought in parts to all who see the financial info (issue 36 item 2); sales
 * agents' payouts to those who may refund (issue 36 item 4).
 */
const SUB_PAGES: Array<{ label: string; to: string; icon: IconName; permission: AccessRequirement }> = [
  { label: t.financial.orders, to: FINANCIAL_PATHS.orders, icon: 'ShoppingCart', permission: 'show-financial-info' },
  { label: t.financial.manual, to: FINANCIAL_PATHS.manual, icon: 'School', permission: 'show-financial-info' },
  { label: t.instalmentList.title, to: FINANCIAL_PATHS.instalments, icon: 'Schedule', permission: 'show-financial-info' },
  { label: t.financial.refunds, to: FINANCIAL_PATHS.refunds, icon: 'Payments', permission: 'manage-refunds' },
  { label: t.giftCards.title, to: FINANCIAL_PATHS.giftCards, icon: 'Payments', permission: 'manage-refunds' },
  { label: t.wallets.title, to: FINANCIAL_PATHS.wallets, icon: 'Person', permission: 'manage-refunds' },
  { label: agentStrings.payouts.title, to: FINANCIAL_PATHS.agentPayouts, icon: 'PersonAdd', permission: 'manage-refunds' },
  { label: t.access.title, to: FINANCIAL_PATHS.access, icon: 'Verified', permission: SUPER_ONLY },
];

/**
 * `/dashboard/financial-info` (show-financial-info, SPEC §2–§3): links to orders, courses added
 * to users, the parts to be paid of courses bought in parts (issue 36 item 2), refunds, gift cards and users' wallets (issue 36 item 3), sales
 * agents' payouts (issue 36 item 4) and, for super users, the access
 * check (issue 36 item 1), then the sales and
 * refund summaries of one period (SPEC §2: all, day, week, month, three months, six months, year;
 * Jalali, Tehran), kept in the URL as `?period=`.
 */
export default function FinancialInfoPage() {
  const user = useAppSelector(selectCurrentUser);
  const [params, update] = useUrlParams();
  const raw = params.get('period') as SalesPeriod | null;
  const period = raw && SALES_PERIODS.includes(raw) ? raw : DEFAULT_PERIOD;
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.financial.title} intro={t.financial.intro} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 3 }}>
        {SUB_PAGES.filter(({ permission }) => hasPermission(user, permission)).map(({ label, to, icon }) => (
          <Button key={to} component={Link} to={to} variant="outlined" startIcon={<Icon name={icon} />}>
            {label}
          </Button>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography id="period-label" sx={{ fontWeight: 500 }}>
          {t.financial.period}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          aria-labelledby="period-label"
          onChange={(_event, next: SalesPeriod | null) => next && update({ period: next === DEFAULT_PERIOD ? null : next })}
          sx={{ flexWrap: 'wrap' }}
        >
          {SALES_PERIODS.map((value) => (
            <ToggleButton key={value} value={value}>
              {t.financial.periods[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack spacing={3} useFlexGap>
        <SalesSummary kind="sales" period={period} />
        <SalesSummary kind="refunds" period={period} />
      </Stack>
    </Box>
  );
}
