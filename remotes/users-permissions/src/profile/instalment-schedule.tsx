import { useState } from 'react';
import { claimApiError, readApiError, startPayment, useSiteInformation, type FetchBaseQueryError } from '@shop/api-client';
import type { Instalment, InstalmentPurchase, InstalmentState } from '@shop/contracts';
import { useNavigate } from '@shop/router';
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import { Alert, Box, Button, Icon, Stack, Typography } from '@shop/ui-kit';
import { Chip, List, ListItem } from '@shop/ui-kit/lazy';
import { usePayMyInstalmentMutation } from './instalments-api';
import { t } from '../strings';

const DAY_MS = 86_400_000;

/** What a part's chip reads: its state, or `cancelled` for an unpaid part of a cancelled purchase. */
type PartState = InstalmentState | 'cancelled';

/** The chip colour of a part's state: paid green, due grey, overdue amber, pausing access red. */
const STATE_COLORS = { paid: 'success', upcoming: 'default', overdue: 'warning', paused: 'error', cancelled: 'default' } as const;

/** Refusals of «پرداخت قسط» shown beside the part: not the next part or cancelled (422), selling off (403), too many tries (429). */
const REFUSALS = new Set([403, 422, 429]);

/** Whole days, rounded up, until an overdue part (`due_at` past) pauses access: its due date plus the purchase's grace days. */
function graceDaysLeft(part: Instalment, graceDays: number, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(part.due_at) + graceDays * DAY_MS - now) / DAY_MS));
}

/**
 * «پرداخت قسط» of the next unpaid part: asks for its order and gateway form
 * (`POST /api/instalments/:id/pay`) and opens the gateway as an unpaid order's «پرداخت» does
 * (`startPayment`); a refusal's Persian reason shows under the button. While the site's
 * selling switch is off, a note stands in for the button.
 */
function InstalmentPayButton({ part, title }: { part: Instalment; title: string }) {
  const sellingEnabled = useSiteInformation()?.selling_enabled ?? true;
  const [payMyInstalment, { isLoading: paying }] = usePayMyInstalmentMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  const number = toPersianDigits(part.number);

  const pay = async () => {
    setRefusal(null);
    try {
      void navigate(startPayment((await payMyInstalment(part.id).unwrap()).data));
    } catch (error) {
      // A refusal of this part is shown beside it; any other error keeps the app's own message.
      const { status, message } = readApiError(error as FetchBaseQueryError);
      if (REFUSALS.has(status) && message) {
        claimApiError(error as FetchBaseQueryError);
        setRefusal(message);
      }
    }
  };

  if (!sellingEnabled) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t.instalments.sellingClosed}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        variant="contained"
        size="small"
        startIcon={<Icon name="Payments" />}
        disabled={paying}
        onClick={() => void pay()}
        aria-label={t.instalments.payOf(number, title)}
      >
        {t.instalments.pay}
      </Button>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
    </Box>
  );
}

/** What follows a part's state chip: when it was paid, the grace days left, or how access comes back. */
function PartDetail({ part, state, graceDays, now }: { part: Instalment; state: PartState; graceDays: number; now: number }) {
  if (state === 'paid' && part.paid_at) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t.instalments.paidAt} <time dateTime={part.paid_at}>{formatJalaliDate(part.paid_at)}</time>
      </Typography>
    );
  }
  if (state === 'overdue') {
    return (
      <Typography variant="body2" color="warning.main">
        {t.instalments.graceLeft(toPersianDigits(graceDaysLeft(part, graceDays, now)))}
      </Typography>
    );
  }
  if (state === 'paused') {
    return (
      <Typography variant="body2" color="error.main">
        {t.instalments.pausedHelp}
      </Typography>
    );
  }
  return null;
}

/**
 * A purchase's schedule (issue 36 item 2): each part with its number, tomans, Jalali due date and
 * state (paid, with the date it was paid; not due yet; overdue, with the grace days left before it
 * pauses access; pausing access), and «پرداخت قسط» on the next unpaid part of a purchase not
 * cancelled (parts are paid in order). An unpaid part of a cancelled purchase reads «لغوشده». On a
 * phone each part's lines wrap under each other.
 * @param now the time the parts' grace is counted from (ms since the epoch)
 */
export function InstalmentSchedule({ purchase, now }: { purchase: InstalmentPurchase; now: number }) {
  const cancelled = purchase.status === 'cancelled';
  const next = cancelled ? undefined : purchase.instalments.find((part) => part.state !== 'paid');
  const title = purchase.product.title;
  return (
    <List aria-label={t.instalments.scheduleOf(title)} disablePadding>
      {purchase.instalments.map((part, index) => {
        const state: PartState = cancelled && part.state !== 'paid' ? 'cancelled' : part.state;
        return (
          <ListItem key={part.id} divider={index < purchase.instalments.length - 1} sx={{ display: 'block', py: 1.5, px: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 700 }}>{t.instalments.part(toPersianDigits(part.number))}</Typography>
              <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{formatToman(part.amount, { zeroIsFree: false })}</Typography>
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                {t.instalments.dueAt} <time dateTime={part.due_at}>{formatJalaliDate(part.due_at)}</time>
              </Typography>
              <Chip size="small" variant="outlined" color={STATE_COLORS[state]} label={t.instalments.states[state]} />
              <PartDetail part={part} state={state} graceDays={purchase.grace_days} now={now} />
            </Stack>
            {part === next && <InstalmentPayButton part={part} title={title} />}
          </ListItem>
        );
      })}
    </List>
  );
}
