import { useState } from 'react';
import { claimApiError, readApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { AgentPayout } from '@shop/contracts';
import { formatToman } from '@shop/format';
import { Alert, Box, Button, Icon, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { FormControlLabel, Radio, RadioGroup } from '@shop/ui-kit/lazy';
import { useRequestMyAgentPayoutMutation } from './agent-api';
import { t } from '../strings';

const DESTINATIONS: AgentPayout['to'][] = ['bank', 'wallet'];

/**
 * «درخواست تسویه» of the profile's `#agent` tab (issue 36 item 4; `POST /api/agent/payouts {to}`):
 * where the money goes, «واریز به حساب بانکی» or «واریز به کیف پول», and «درخواست تسویه (… تومان)»
 * for everything earned and not yet asked for, enabled only while there is some. On success the
 * server's Persian message as a toast (the page is asked again, see `agent-api.ts`); a refusal
 * (422: nothing to pay out any more) shows its Persian reason above the button; any other error
 * keeps the app's own message.
 * @param available tomans earned and not yet asked for
 */
export function AgentPayoutRequest({ available }: { available: number }) {
  const [to, setTo] = useState<AgentPayout['to']>('bank');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [requestPayout, { isLoading }] = useRequestMyAgentPayoutMutation();

  const request = async () => {
    setRefusal(null);
    try {
      const answer = await requestPayout({ to }).unwrap();
      enqueueSnackbar(answer.message || t.agent.payoutRequested, { variant: 'success' });
    } catch (error) {
      const { status, message } = readApiError(error as FetchBaseQueryError);
      if (status === 422) {
        claimApiError(error as FetchBaseQueryError);
        setRefusal(message ?? t.agent.nothingAvailable);
      }
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="agent-payout-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="agent-payout-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t.agent.payout}
      </Typography>
      <Typography id="agent-payout-to" variant="body2" color="text.secondary">
        {t.agent.payoutTo}
      </Typography>
      <RadioGroup aria-labelledby="agent-payout-to" value={to} onChange={(_, next) => setTo(next as AgentPayout['to'])}>
        {DESTINATIONS.map((destination) => (
          <FormControlLabel
            key={destination}
            value={destination}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mt: 1 }}
            label={
              <Box sx={{ pt: 1 }}>
                <Typography>{t.agent.to[destination]}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t.agent.toHelp[destination]}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      )}
      {available <= 0 && !refusal && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t.agent.nothingAvailable}
        </Typography>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" startIcon={<Icon name="Payments" />} disabled={available <= 0 || isLoading} onClick={() => void request()}>
          {isLoading ? t.agent.requesting : t.agent.requestPayout(formatToman(available, { zeroIsFree: false }))}
        </Button>
      </Stack>
    </Paper>
  );
}
