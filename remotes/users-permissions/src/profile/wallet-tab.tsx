import { ListPagination } from '@shop/content-ui';
import type { WalletEntry, WalletPage } from '@shop/contracts';
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import { Box, Icon, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { List, ListItem } from '@shop/ui-kit/lazy';
import { useLocation, useNavigate } from '@shop/router';
import { GiftCardRedeemForm } from './gift-card-redeem-form';
import { useGetWalletQuery } from './wallet-api';
import { t } from '../strings';

/**
 * The page of the wallet's entries, kept in the URL's query beside the tab's hash
 * (`/profile?page=2#wallet`); switching tabs drops it.
 */
function useWalletPage(): [number, (page: number) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const raw = Number(new URLSearchParams(search).get('page'));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  return [page, (next) => navigate({ search: next > 1 ? `?page=${next}` : '', hash: '#wallet' })];
}

/**
 * An entry's amount with its sign: «‎+۱۰۰٬۰۰۰ تومان» in, «‎−۵۰٬۰۰۰ تومان» out. The platform writes a
 * negative number with a left-to-right mark before its minus; an amount in gets the same, so both
 * signs sit at the number's left in the right-to-left line.
 */
const signedToman = (amount: number) => (amount > 0 ? `\u200e+${formatToman(amount, { zeroIsFree: false })}` : formatToman(amount, { zeroIsFree: false }));

/** What moved an entry's money, in Persian: the gift card's code, the order's number or staff's reason. */
function describe(entry: WalletEntry): string {
  const order = entry.order_id === null ? null : toPersianDigits(entry.order_id);
  switch (entry.kind) {
    case 'gift_card':
      return t.wallet.kinds.gift_card(entry.gift_card_code);
    case 'staff_credit':
    case 'staff_debit':
      return t.wallet.kinds[entry.kind](entry.reason);
    default:
      return t.wallet.kinds[entry.kind](order);
  }
}

/** The wallet's balance, large, with a line on where it can be spent. */
function WalletBalance({ balance }: { balance: number | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wallet-balance-title" sx={{ p: { xs: 2, sm: 3 }, flex: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', color: 'text.secondary' }}>
        <Icon name="Payments" fontSize="small" />
        <Typography id="wallet-balance-title" component="h2" variant="subtitle1">
          {t.wallet.balance}
        </Typography>
      </Stack>
      {balance === undefined ? (
        <Skeleton variant="text" width={160} sx={{ fontSize: '2.125rem' }} />
      ) : (
        <Typography component="p" variant="h4" sx={{ fontWeight: 700, my: 1 }}>
          {formatToman(balance, { zeroIsFree: false })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t.wallet.balanceHelp}
      </Typography>
    </Paper>
  );
}

/**
 * The wallet's entries, newest first: each with what moved the money, its Jalali date, the amount
 * signed and coloured (in green, out red) and the balance after it; on a phone each entry's two
 * lines wrap under each other. An empty wallet reads a friendly note instead.
 */
function WalletEntries({ wallet, onPage }: { wallet: WalletPage; onPage: (page: number) => void }) {
  if (wallet.meta.total === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon name="Payments" sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography sx={{ maxWidth: 480 }}>{t.wallet.empty}</Typography>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wallet-entries-title">
      <Typography id="wallet-entries-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t.wallet.entries}
      </Typography>
      <List aria-labelledby="wallet-entries-title">
        {wallet.data.map((entry, index) => (
          <ListItem key={entry.id} divider={index < wallet.data.length - 1} sx={{ display: 'block', py: 1.5 }}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0 }}>{describe(entry)}</Typography>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: entry.amount > 0 ? 'success.main' : entry.amount < 0 ? 'error.main' : 'text.primary' }}>
                {signedToman(entry.amount)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={entry.created_at}>{formatJalaliDate(entry.created_at)}</time>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t.wallet.balanceAfter(formatToman(entry.balance_after, { zeroIsFree: false }))}
              </Typography>
            </Stack>
          </ListItem>
        ))}
      </List>
      <Box sx={{ pb: 2 }}>
        <ListPagination meta={wallet.meta} onChange={onPage} />
      </Box>
    </Paper>
  );
}

/**
 * The profile's `#wallet` tab «کیف پول» (issue 36 item 3; `GET /api/wallet`): the balance in tomans,
 * the gift card form ({@link GiftCardRedeemForm}) and the entries, ten a page with the page in the
 * URL (`/profile?page=2#wallet`), or an empty state. Asked again each time the tab opens: checkout
 * and refunds elsewhere move the money.
 */
export function WalletTab() {
  const [page, setPage] = useWalletPage();
  const { data } = useGetWalletQuery(page, { refetchOnMountOrArgChange: true });
  return (
    <Stack spacing={3} useFlexGap>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} useFlexGap>
        <WalletBalance balance={data?.balance} />
        <Paper variant="outlined" component="section" aria-labelledby="gift-card-title" sx={{ p: { xs: 2, sm: 3 }, flex: 1 }}>
          <Typography id="gift-card-title" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t.wallet.giftCard}
          </Typography>
          <GiftCardRedeemForm />
        </Paper>
      </Stack>
      {data ? <WalletEntries wallet={data} onPage={setPage} /> : <Skeleton variant="rounded" height={160} />}
    </Stack>
  );
}
