import { useId, useState } from 'react';
import type { InstalmentPlanOffer } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { formatNumber, formatToman } from '@shop/format';
import { Alert, Box, Button, Stack, Typography, useMediaQuery, useTheme } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup } from '@shop/ui-kit/lazy';
import { describePlan } from './describe-plan';
import { InstalmentScheduleTable } from './instalment-schedule-table';
import { useBuyInParts } from './use-buy-in-parts';
import { t } from '../strings';

/** A plan's total, with its surcharge when it has one: «جمع: ۵۲۰٬۰۰۰ تومان (شامل ۳۰٬۰۰۰ تومان افزایش قیمت اقساطی)». */
function planTotal(plan: InstalmentPlanOffer): string {
  return `${t.buyInParts.total(formatToman(plan.total, { zeroIsFree: false }))} (${plan.surcharge > 0 ? t.buyInParts.surcharge(formatToman(plan.surcharge, { zeroIsFree: false })) : t.buyInParts.noSurcharge})`;
}

/** The chosen plan: its terms, total, the whole schedule and what a missed part does. */
function PlanDetails({ plan, titled }: { plan: InstalmentPlanOffer; titled: boolean }) {
  return (
    <Stack spacing={1.5} useFlexGap>
      {titled && (
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{describePlan(plan)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {planTotal(plan)}
          </Typography>
        </Box>
      )}
      <InstalmentScheduleTable schedule={plan.schedule} />
      <Typography variant="body2" color="text.secondary">
        {plan.grace_days > 0 ? t.buyInParts.grace(formatNumber(plan.grace_days)) : t.buyInParts.noGrace}
      </Typography>
    </Stack>
  );
}

/**
 * The course page's «خرید اقساطی» dialog (issue 36 item 2), loaded only when first opened: each
 * active plan («۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز», its total and surcharge) to choose from, the
 * chosen plan's whole schedule (the first part «امروز», the rest with Jalali dates) and «پرداخت قسط
 * اول (…)», which starts the purchase and opens the gateway ({@link useBuyInParts}); a refusal shows
 * in the dialog in Persian. Full screen on a phone.
 */
export default function InstalmentPlansDialog({
  productId,
  title,
  plans,
  initialPlanId,
  open,
  onClose,
}: {
  productId: number;
  title: string;
  plans: InstalmentPlanOffer[];
  /** The plan chosen when it opens (the one a visitor chose before signing in), else the first. */
  initialPlanId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const visitor = useAppSelector(selectCurrentUser) === null;
  const { buy, isBuying } = useBuyInParts(productId);
  const [chosenId, setChosenId] = useState(initialPlanId ?? plans[0]?.id ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const plan = plans.find((offer) => offer.id === chosenId) ?? plans[0];
  const first = plan?.schedule[0];

  const pay = async () => {
    if (!plan) return;
    setRefusal(null);
    setRefusal(await buy(plan.id));
  };

  return (
    <Dialog open={open} onClose={isBuying ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{t.buyInParts.dialogTitle(title)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} useFlexGap>
          <Typography color="text.secondary">{t.buyInParts.intro}</Typography>
          {plans.length > 1 && (
            <RadioGroup
              aria-label={t.buyInParts.plans}
              value={String(plan?.id ?? '')}
              onChange={(event) => {
                setChosenId(Number(event.target.value));
                setRefusal(null);
              }}
            >
              {plans.map((offer) => (
                <FormControlLabel
                  key={offer.id}
                  value={String(offer.id)}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box sx={{ pt: 0.75 }}>
                      <Typography sx={{ fontWeight: 500 }}>{describePlan(offer)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {planTotal(offer)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
          {plan && <PlanDetails plan={plan} titled={plans.length === 1} />}
          {visitor && <Alert severity="info">{t.buyInParts.loginFirst}</Alert>}
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={isBuying}>
          {t.buyInParts.close}
        </Button>
        {first && (
          <Button variant="contained" onClick={() => void pay()} disabled={isBuying}>
            {isBuying ? t.buyInParts.paying : t.buyInParts.pay(formatToman(first.amount, { zeroIsFree: false }))}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
