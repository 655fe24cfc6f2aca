import { useState, type ReactNode } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { GiftCard } from '@shop/contracts';
import { ConfirmDialog, DebouncedSearchBox, ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, EmailAddress, ListToolbar, PageHeader } from '@shop/dashboard-ui';
import { formatJalaliDate, formatToman } from '@shop/format';
import { Alert, Box, Icon, IconButton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { GiftCardForm } from './gift-card-form';
import { FINANCIAL_PATHS } from './financial-paths';
import { useDeleteGiftCardMutation, useGetGiftCardsQuery } from './wallet-admin-api';
import { t } from '../../strings';

const PER_PAGE = 15;
const COLUMNS = ['code', 'amount', 'expires_at', 'redeemed', 'created', 'actions'] as const;

/** A moment as a `<time>` in Jalali date and time. */
const moment = (iso: string) => <time dateTime={iso}>{formatJalaliDate(iso, { withTime: true })}</time>;

/** One cell of a card: the code left to right in monospace, the amount, the expiry, who redeemed it and who made it, and delete while unused. */
function cellOf(card: GiftCard, column: (typeof COLUMNS)[number], onDelete: (card: GiftCard) => void): ReactNode {
  switch (column) {
    case 'code':
      return (
        <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
          {card.code}
        </Box>
      );
    case 'amount':
      return formatToman(card.amount, { zeroIsFree: false });
    case 'expires_at':
      return card.expires_at ? moment(card.expires_at) : t.giftCards.noExpiry;
    case 'redeemed':
      if (!card.redeemed_at) return t.giftCards.unused;
      return (
        <Stack spacing={0.25} sx={{ minWidth: 0 }}>
          <span>
            {card.redeemed_by?.full_name ?? t.giftCards.unknownPerson}، {moment(card.redeemed_at)}
          </span>
          {card.redeemed_by?.email && (
            <Typography variant="body2" color="text.secondary" component="span">
              <EmailAddress email={card.redeemed_by.email} />
            </Typography>
          )}
        </Stack>
      );
    case 'created':
      return (
        <>
          {card.created_by?.full_name ?? t.giftCards.unknownPerson}، {moment(card.created_at)}
        </>
      );
    case 'actions':
      return card.redeemed_at ? null : (
        <IconButton size="small" color="error" aria-label={t.giftCards.delete(card.code)} title={t.giftCards.delete(card.code)} onClick={() => onDelete(card)}>
          <Icon name="Delete" fontSize="small" />
        </IconButton>
      );
  }
}

/**
 * `/dashboard/financial-info/gift-cards` (manage-refunds, issue 36 item 3): the form that makes a
 * card, then every card, newest first, with its code, amount, expiry (Jalali, or «بدون پایان»), who
 * redeemed it and when (or «استفاده‌نشده») and who made it; search by code and page in the URL. An
 * unused card is deleted after a confirmation; the server's refusal (redeemed meanwhile) shows above
 * the table.
 */
export default function GiftCardsPage() {
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const { data, isLoading, isFetching } = useGetGiftCardsQuery({ page: pageOf(params), per_page: PER_PAGE, q });
  const [remove, { isLoading: deleting }] = useDeleteGiftCardMutation();
  // The card the dialog asks about stays named while the dialog closes.
  const [asked, setAsked] = useState<GiftCard | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ask = (card: GiftCard) => {
    setAsked(card);
    setDialogOpen(true);
  };

  const confirmDelete = async () => {
    if (!asked) return;
    setRefusal(null);
    try {
      const answer = await remove(asked.id).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (error) {
      const { message } = claimApiError(error as FetchBaseQueryError);
      setRefusal(message ?? t.giftCards.deleteFailed);
    }
    setDialogOpen(false);
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={t.giftCards.title} intro={t.giftCards.intro} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }]} />
      <GiftCardForm />
      <ListToolbar total={data?.meta.total} totalLabel={t.giftCards.total}>
        <DebouncedSearchBox value={q} onSearch={(next) => update({ q: next.trim(), page: null }, true)} label={t.giftCards.search} />
      </ListToolbar>
      {refusal && (
        <Alert severity="error" role="alert" onClose={() => setRefusal(null)} sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      <DataTable
        label={t.giftCards.title}
        columns={COLUMNS}
        labels={t.giftCards.columns}
        rows={data?.data}
        rowKey={(card) => card.id}
        cell={(card, column) => cellOf(card, column, ask)}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.giftCards.empty}
        minWidth={900}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
      <ConfirmDialog
        open={dialogOpen}
        title={asked ? t.giftCards.deleteTitle(asked.code) : ''}
        text={t.giftCards.deleteText}
        confirmLabel={t.giftCards.deleteConfirm}
        pending={deleting}
        onCancel={() => setDialogOpen(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Box>
  );
}
