import type { AgentDashboard } from '@shop/contracts';
import { formatToman, toPersianDigits } from '@shop/format';
import { Alert, Box, Button, Icon, Paper, Skeleton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { AgentCommissions, AgentPayouts } from './agent-history';
import { AgentPayoutRequest } from './agent-payout-request';
import { useGetMyAgentDashboardQuery } from './agent-api';
import { t } from '../strings';

/**
 * Copies the agent's link: «پیوند کپی شد» as a toast, or, where the browser allows no clipboard
 * (a page not served over HTTPS, a refusal), a toast asking to select and copy it by hand.
 */
async function copyLink(link: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(link);
    enqueueSnackbar(t.agent.linkCopied, { variant: 'success' });
  } catch {
    enqueueSnackbar(t.agent.copyFailed, { variant: 'warning' });
  }
}

/** The agent's code and link, left to right in the right-to-left page, with «کپی پیوند», their percent, and a welcome while they have no sales. */
function AgentLinkCard({ dashboard, fresh }: { dashboard: AgentDashboard; fresh: boolean }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="agent-link-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1 }}>
        <Icon name="Campaign" fontSize="small" sx={{ color: 'text.secondary' }} />
        <Typography id="agent-link-title" variant="h6" component="h2">
          {t.agent.linkTitle}
        </Typography>
      </Stack>
      {fresh && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.agent.welcome}
        </Alert>
      )}
      <Typography>
        {t.agent.code}:{' '}
        <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
          {dashboard.code}
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t.agent.percent(toPersianDigits(dashboard.percent))}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mt: 2 }}>
        <Typography
          dir="ltr"
          sx={{ flex: 1, minWidth: 0, px: 1.5, py: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', overflowWrap: 'anywhere', textAlign: 'left' }}
        >
          {dashboard.link}
        </Typography>
        <Button variant="outlined" startIcon={<Icon name="Link" />} onClick={() => void copyLink(dashboard.link)} sx={{ whiteSpace: 'nowrap' }}>
          {t.agent.copyLink}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t.agent.linkHelp}
      </Typography>
    </Paper>
  );
}

/** The four sums in tomans, two a row on a phone and four on a wide screen, with a line on how a commission moves between them. */
function AgentSums({ dashboard }: { dashboard: AgentDashboard }) {
  const sums = [
    { label: t.agent.pending, amount: dashboard.pending },
    { label: t.agent.available, amount: dashboard.available },
    { label: t.agent.requested, amount: dashboard.requested },
    { label: t.agent.paidOut, amount: dashboard.paid_out },
  ];
  return (
    <Box component="section" aria-labelledby="agent-sums-title">
      <Typography id="agent-sums-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t.agent.sums}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}>
        {sums.map((sum) => (
          <Paper key={sum.label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {sum.label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ fontWeight: 700, m: 0, mt: 0.5 }}>
              {formatToman(sum.amount, { zeroIsFree: false })}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.agent.sumsHelp}
      </Typography>
    </Box>
  );
}

/**
 * The profile's `#agent` tab «همکاری در فروش» (issue 36 item 4; `GET /api/agent`), shown to sales
 * agents only: their code and link with «کپی پیوند» and their percent; the four sums (waiting out
 * the refund window, available, asked for, paid out); the payout request ({@link AgentPayoutRequest});
 * their sales and payouts ({@link AgentCommissions}, {@link AgentPayouts}). An agent with no sales yet
 * sees their link with a welcome instead. Asked again each time the tab opens: a commission is
 * earned with the calendar, and staff pay payouts elsewhere.
 */
export function AgentTab() {
  const { data } = useGetMyAgentDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  if (data === undefined) return <Skeleton variant="rounded" height={200} />;
  // Not an agent: the profile leaves the tab out (profile-tabs.ts).
  if (data === null) return null;
  const fresh = data.commissions.length === 0 && data.payouts.length === 0;
  return (
    <Stack spacing={3} useFlexGap>
      <AgentLinkCard dashboard={data} fresh={fresh} />
      {!fresh && (
        <>
          <AgentSums dashboard={data} />
          <AgentPayoutRequest available={data.available} />
          {data.commissions.length > 0 && <AgentCommissions commissions={data.commissions} />}
          {data.payouts.length > 0 && <AgentPayouts payouts={data.payouts} />}
        </>
      )}
    </Stack>
  );
}
