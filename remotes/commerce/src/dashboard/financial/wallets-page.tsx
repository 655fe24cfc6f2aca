import type { ReactNode } from 'react';
import { Form, Formik, type FormikErrors } from 'formik';
import type { WalletEntry, WalletPage } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, EmailAddress, ListToolbar, PageHeader, useEditId } from '@shop/dashboard-ui';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { useNavigate } from '@shop/router';
import { normalizeDigits } from '@shop/validation';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { FINANCIAL_PATHS } from './financial-paths';
import { UserPicker } from './user-picker';
import { WalletAdjustmentForm } from './wallet-adjustment-form';
import { useGetUserWalletQuery } from './wallet-admin-api';
import { t } from '../../strings';

const PER_PAGE = 20;
const COLUMNS = ['created_at', 'kind', 'amount', 'balance_after', 'reason'] as const;

/** Tomans with their sign, left to right: «+۲۰٬۰۰۰ تومان» in, «−۵٬۰۰۰ تومان» out. */
const signedToman = (amount: number) => (amount > 0 ? `\u200e+${formatToman(amount)}` : formatToman(amount, { zeroIsFree: false }));

/** What an entry is about: staff's reason, else the gift card's code or the order's number, else a dash. */
function aboutOf(entry: WalletEntry): ReactNode {
  if (entry.reason) return entry.reason;
  if (entry.gift_card_code) {
    return (
      <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
        {t.wallets.giftCardCode(entry.gift_card_code)}
      </bdi>
    );
  }
  return entry.order_id === null ? '—' : t.wallets.order(formatNumber(entry.order_id));
}

/** One cell of an entry: its Jalali moment, kind in Persian, signed amount, the balance after it and what it is about. */
function cellOf(entry: WalletEntry, column: (typeof COLUMNS)[number]): ReactNode {
  switch (column) {
    case 'created_at':
      return <time dateTime={entry.created_at}>{formatJalaliDate(entry.created_at, { withTime: true })}</time>;
    case 'kind':
      return t.wallets.kinds[entry.kind];
    case 'amount':
      return (
        <Box component="span" sx={{ color: entry.amount > 0 ? 'success.main' : 'error.main', fontWeight: 500, whiteSpace: 'nowrap' }}>
          {signedToman(entry.amount)}
        </Box>
      );
    case 'balance_after':
      return formatToman(entry.balance_after, { zeroIsFree: false });
    case 'reason':
      return aboutOf(entry);
  }
}

/** The picker's value as a user id: a positive whole number, or null. */
function userIdOf(text: string): number | null {
  const id = Number(normalizeDigits(text).trim());
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Picks a user (the manual-order form's picker) and opens their wallet's page. */
function UserChooser() {
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 3 }}>
      <Formik<{ user_id: string }>
        initialValues={{ user_id: '' }}
        validate={(values): FormikErrors<{ user_id: string }> => (userIdOf(values.user_id) === null ? { user_id: t.wallets.userRequired } : {})}
        onSubmit={(values) => navigate(FINANCIAL_PATHS.wallet(userIdOf(values.user_id)!))}
      >
        <Form noValidate aria-label={t.wallets.pickUser}>
          <UserPicker />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="outlined">
              {t.wallets.show}
            </Button>
          </Stack>
        </Form>
      </Formik>
    </Paper>
  );
}

/** The user's name, email and balance, once the wallet has loaded. */
function WalletOwner({ wallet }: { wallet: WalletPage | undefined }) {
  return (
    <Paper component="section" variant="outlined" aria-label={t.wallets.user} sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 3 }}>
      {wallet ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {wallet.user?.full_name}
            </Typography>
            {wallet.user?.email && (
              <Typography color="text.secondary">
                <EmailAddress email={wallet.user.email} />
              </Typography>
            )}
          </Box>
          <Box>
            <Typography color="text.secondary">{t.wallets.balance}</Typography>
            <Typography aria-label={t.wallets.balance} sx={{ fontWeight: 700, fontSize: 22, color: 'primary.main' }}>
              {formatToman(wallet.balance, { zeroIsFree: false })}
            </Typography>
          </Box>
        </Stack>
      ) : (
        <Skeleton variant="rounded" height={56} />
      )}
    </Paper>
  );
}

/** One user's wallet: who, the balance, the credit or debit form and the entries, newest first, paged in the URL. */
function UserWallet({ userId }: { userId: number }) {
  const [params, update] = useUrlParams();
  const { data, isLoading, isFetching } = useGetUserWalletQuery({ userId, page: pageOf(params), per_page: PER_PAGE });
  return (
    <>
      <WalletOwner wallet={data} />
      <WalletAdjustmentForm userId={userId} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t.wallets.entries}
      </Typography>
      <ListToolbar total={data?.meta.total} totalLabel={t.wallets.total} />
      <DataTable
        label={t.wallets.entries}
        columns={COLUMNS}
        labels={t.wallets.columns}
        rows={data?.data}
        rowKey={(entry) => entry.id}
        cell={cellOf}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.wallets.empty}
        minWidth={760}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </>
  );
}

/**
 * `/dashboard/financial-info/wallets` and `/dashboard/financial-info/wallets/:userId` (manage-refunds,
 * issue 36 item 3): pick a user (searched by email, name or mobile with show-users, else by id), then
 * their name, balance and wallet entries (Jalali date, kind, signed amount, balance after, reason),
 * paged, with staff's credit or debit and its reason. An unknown user is the API's 404 page.
 */
export default function WalletsPage() {
  const userId = useEditId('userId');
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.wallets.title} intro={t.wallets.intro} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]} />
      <UserChooser key={`chooser-${userId ?? 'none'}`} />
      {userId !== null && <UserWallet key={`wallet-${userId}`} userId={userId} />}
    </Box>
  );
}
