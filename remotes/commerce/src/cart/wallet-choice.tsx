import { formatToman } from '@shop/format';
import { Stack, Typography } from '@shop/ui-kit';
import { Checkbox, FormControlLabel } from '@shop/ui-kit/lazy';
import { t } from '../strings';

/** How a total is split when the wallet pays first (issue 36 item 3): the wallet's share and the gateway's rest, in tomans. */
export interface WalletSplit {
  fromWallet: number;
  fromGateway: number;
}

/**
 * The split of `total` tomans when a wallet of `balance` tomans pays first, as the server takes it
 * at checkout: the wallet pays `min(balance, total)`, the gateway the rest.
 * @example walletSplit(640000, 20000) // { fromWallet: 20000, fromGateway: 620000 }
 */
export function walletSplit(total: number, balance: number): WalletSplit {
  const fromWallet = Math.max(0, Math.min(balance, total));
  return { fromWallet, fromGateway: total - fromWallet };
}

/** One «label: amount» line of the split, its amount named by its label for assistive technology and tests. */
function SplitLine({ label, amount }: { label: string; amount: number }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
      <Typography>{label}</Typography>
      <Typography aria-label={label} sx={{ fontWeight: 500 }}>
        {formatToman(amount, { zeroIsFree: false })}
      </Typography>
    </Stack>
  );
}

/**
 * The cart's wallet choice (issue 36 item 3): «پرداخت از کیف پول» with the balance («موجودی: ۲۰٬۰۰۰
 * تومان») and, once ticked, the split of `total`: «از کیف پول» and «پرداخت از درگاه».
 * @param balance the wallet's balance in tomans (shown only when above zero: the caller decides)
 * @param checked whether the wallet pays first; `onChange` gets the new choice
 */
export function WalletChoice({ total, balance, checked, onChange }: { total: number; balance: number; checked: boolean; onChange: (checked: boolean) => void }) {
  const split = walletSplit(total, balance);
  return (
    <Stack spacing={1} useFlexGap>
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />} label={t.walletPay.use} />
        <Typography variant="body2" color="text.secondary">
          {t.walletPay.balance(formatToman(balance, { zeroIsFree: false }))}
        </Typography>
      </Stack>
      {checked && (
        <Stack spacing={0.5} useFlexGap>
          <SplitLine label={t.walletPay.fromWallet} amount={split.fromWallet} />
          <SplitLine label={t.walletPay.fromGateway} amount={split.fromGateway} />
        </Stack>
      )}
    </Stack>
  );
}
