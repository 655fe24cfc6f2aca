import { useState, type FormEvent } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { Cart } from '@shop/contracts';
import { formatToman } from '@shop/format';
import { Alert, Box, Button, Icon, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { TextField } from '@shop/ui-kit/lazy';
import { useApplyDiscountCodeMutation, useRemoveDiscountCodeMutation } from './cart-api';
import { discountValueText } from '../dashboard/discounts/discount-value';
import { t } from '../strings';

/**
 * The cart's discount code (issue 25): with none applied, a code field and «اعمال» (the server's
 * Persian refusal shows under the field: unknown, expired, used up…); with one, the discount line
 * (code, value, tomans off) and «حذف کد», and a kept code that no longer fits as a warning.
 */
export function DiscountCodeBox({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [apply, { isLoading: applying }] = useApplyDiscountCodeMutation();
  const [remove, { isLoading: removing }] = useRemoveDiscountCodeMutation();
  const discount = cart.discount;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    try {
      const answer = await apply({ code: code.trim() }).unwrap();
      setCode('');
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      const { message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      setRefusal(fieldErrors.code?.[0] ?? message ?? null);
    }
  };
  const drop = async () => {
    const answer = await remove().unwrap();
    enqueueSnackbar(answer.message, { variant: 'success' });
  };

  if (discount) {
    return (
      <Stack spacing={1} useFlexGap>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>
            {t.discountBox.discountLine(discount.code)} <Box component="span" sx={{ color: 'text.secondary' }}>({discountValueText(discount.kind, discount.value)})</Box>
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
            <Typography aria-label={t.discountBox.discountLine(discount.code)} sx={{ color: 'success.main', fontWeight: 700 }}>
              {discount.amount > 0 ? `− ${formatToman(discount.amount)}` : '—'}
            </Typography>
            <Button size="small" color="error" startIcon={<Icon name="Close" />} disabled={removing} onClick={() => void drop()}>
              {t.discountBox.remove}
            </Button>
          </Stack>
        </Stack>
        {discount.problem && (
          <Alert severity="warning" role="status">
            {discount.problem}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={t.discountBox.label}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={refusal !== null}
        helperText={refusal ?? ' '}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', autoComplete: 'off', maxLength: 64 } }}
      />
      <Button type="submit" variant="outlined" disabled={applying || code.trim() === ''} sx={{ flexShrink: 0, minHeight: 40 }}>
        {applying ? t.discountBox.applying : t.discountBox.apply}
      </Button>
    </Stack>
  );
}
