import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ProductDetail } from '@shop/contracts';
import { formatToman } from '@shop/format';
import { useSearchParams } from '@shop/router';
import { Box, Button, Icon, Link, Stack, Typography } from '@shop/ui-kit';
import { describePlan } from './describe-plan';
import { INSTALMENT_PLAN_PARAM } from './use-buy-in-parts';
import { t } from '../strings';

/** The dialog with the schedules and the payment: a chunk of its own, loaded at the first open. */
const InstalmentPlansDialog = lazy(() => import('./instalment-plans-dialog'));

/** Which plan the dialog opens with, and a new key per opening so it starts from that plan. */
interface Opening {
  planId: number | null;
  key: number;
}

/**
 * Opens the plans when the page is loaded back from the login with `?instalment-plan=<id>` (a
 * visitor's choice, {@link INSTALMENT_PLAN_PARAM}), once hydrated: the server's HTML has no dialog.
 * The parameter is then taken out of the address, so a reload does not open it again.
 */
function useReturnedPlan(planIds: number[], openWith: (planId: number) => void) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(INSTALMENT_PLAN_PARAM);
  useEffect(() => {
    if (asked === null) return;
    if (planIds.includes(Number(asked))) openWith(Number(asked));
    setParams(
      (current) => {
        current.delete(INSTALMENT_PLAN_PARAM);
        return current;
      },
      { replace: true },
    );
    // Once per address with the parameter: the plans and the opener are the page's own.
  }, [asked]);
}

/**
 * The course's buying buttons with «خرید اقساطی» beside them (issue 36 item 2): `children` is the
 * cart's part (its button, or the «in the cart» note above). Under them, each active plan in one line
 * («۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز؛ قسط اول ۱۹۶٬۰۰۰ تومان»), part of the page's server HTML as
 * the rest of the buying area; the button or a line opens the plans' dialog (its own lazy chunk), with
 * the whole schedule and the payment of the first part.
 * @param stacked the cart's part takes the whole width (a note), the button goes under it
 */
export function InstalmentOffer({ product, stacked, children }: { product: ProductDetail; stacked: boolean; children: ReactNode }) {
  const plans = product.instalment_plans;
  const [opening, setOpening] = useState<Opening | null>(null);
  const [open, setOpen] = useState(false);
  const openWith = (planId: number | null) => {
    setOpening((last) => ({ planId, key: (last?.key ?? 0) + 1 }));
    setOpen(true);
  };
  useReturnedPlan(
    plans.map((plan) => plan.id),
    openWith,
  );
  return (
    <Box sx={{ mb: 3 }}>
      <Stack
        direction={stacked ? 'column' : { xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: stacked ? { xs: 'stretch', sm: 'flex-start' } : { xs: 'stretch', sm: 'center' } }}
      >
        {children}
        <Button variant="outlined" size="large" startIcon={<Icon name="Payments" />} onClick={() => openWith(null)} sx={stacked ? { alignSelf: { sm: 'flex-start' } } : undefined}>
          {t.buyInParts.button}
        </Button>
      </Stack>
      <Box component="section" aria-label={t.buyInParts.plans} sx={{ mt: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t.buyInParts.offerTitle}
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {plans.map((plan) => (
            <li key={plan.id}>
              <Link component="button" type="button" variant="body2" underline="hover" onClick={() => openWith(plan.id)} sx={{ textAlign: 'start' }}>
                {t.buyInParts.offerLine(describePlan(plan), formatToman(plan.schedule[0]?.amount ?? 0, { zeroIsFree: false }))}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
      {opening && (
        <Suspense fallback={null}>
          <InstalmentPlansDialog
            key={opening.key}
            productId={product.id}
            title={product.title}
            plans={plans}
            initialPlanId={opening.planId}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
