import { useId } from 'react';
import { claimApiError, readApiError, skipToken } from '@shop/api-client';
import { Box, Typography } from '@shop/ui-kit';
import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@shop/ui-kit/lazy';
import { useGetPaymentGatewaysQuery, type PaymentGatewayId, type PaymentGatewayOption } from './cart-api';
import { t } from '../strings';

/**
 * The gateways the cart offers (issue 36 item 2), the default one first; `enabled: false` asks nothing.
 * @returns the list, empty while it loads or when it could not be read (the default gateway pays then)
 */
export function usePaymentGateways(enabled = true): PaymentGatewayOption[] {
  const { data } = useGetPaymentGatewaysQuery(enabled ? undefined : skipToken);
  return [...(data ?? [])].sort((a, b) => Number(b.id === 'default') - Number(a.id === 'default'));
}

/**
 * A failed checkout's refusal on `gateway` (SnappPay does not take the amount, issue 36 item 2),
 * claimed so the shell adds no toast of its own; null for any other error, which the shell reports.
 */
export function claimGatewayRefusal(error: Parameters<typeof claimApiError>[0]): string | null {
  const refusal = readApiError(error).fieldErrors.gateway?.[0];
  if (refusal === undefined) return null;
  claimApiError(error);
  return refusal;
}

/**
 * The cart's «روش پرداخت» (issue 36 item 2): one radio per gateway, its Persian name and description
 * (the default gateway, then SnappPay's instalments), and the server's refusal of the chosen one under them.
 * @param gateways what {@link usePaymentGateways} answers; the caller shows this only for more than one
 * @param value the chosen gateway; `onChange` gets the new choice
 * @param refusal the server's Persian refusal of the last attempt, or null
 */
export function GatewayChoice({
  gateways,
  value,
  onChange,
  refusal,
}: {
  gateways: PaymentGatewayOption[];
  value: PaymentGatewayId;
  onChange: (gateway: PaymentGatewayId) => void;
  refusal: string | null;
}) {
  const id = useId();
  return (
    <FormControl error={refusal !== null}>
      <FormLabel id={`${id}-label`}>{t.gatewayChoice.label}</FormLabel>
      <RadioGroup aria-labelledby={`${id}-label`} value={value} onChange={(event) => onChange(event.target.value as PaymentGatewayId)}>
        {gateways.map((gateway) => (
          <FormControlLabel
            key={gateway.id}
            value={gateway.id}
            control={<Radio slotProps={{ input: { 'aria-label': gateway.name, 'aria-describedby': `${id}-${gateway.id}` } }} />}
            sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Box sx={{ pt: 0.75 }}>
                <Typography sx={{ fontWeight: 500 }}>{gateway.name}</Typography>
                <Typography id={`${id}-${gateway.id}`} variant="body2" color="text.secondary">
                  {gateway.description}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {refusal && <FormHelperText role="alert">{refusal}</FormHelperText>}
    </FormControl>
  );
}
