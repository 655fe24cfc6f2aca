import { claimApiError, selectCurrentUser, startPayment, useAppSelector, type FetchBaseQueryError } from '@shop/api-client';
import { loginPathReturningTo } from '@shop/contracts';
import { useNavigate } from '@shop/router';
import { useStartInstalmentPurchaseMutation } from './products-api';
import { t } from '../strings';

/**
 * The course page's query parameter naming the plan a visitor chose before signing in
 * (`/products/3?instalment-plan=5`): back on the page signed in, the plans open with it chosen.
 */
export const INSTALMENT_PLAN_PARAM = 'instalment-plan';

/**
 * Buys a course in parts (issue 36 item 2): `POST /api/products/:productId/instalment-purchases`
 * `{plan_id}`, then the first part's gateway opens in a new tab and the cart page follows its order,
 * as after a checkout (`startPayment`). A visitor is sent to sign in first and comes back to the
 * course with the plan chosen ({@link INSTALMENT_PLAN_PARAM}); nothing is asked of the server for them.
 * A refusal is the caller's to show (claimed, so the shell adds no toast): the plan's own message on
 * `plan_id` (no longer offered), else the server's («شما این دوره را قبلاً خریده‌اید.»), else a
 * Persian fallback. The shell still turns a 401 or 403 away.
 *
 * @example
 * const { buy, isBuying } = useBuyInParts(product.id);
 * const refusal = await buy(plan.id); // null once the gateway opened (or the visitor left to sign in)
 * @returns `buy(planId)`, resolving to the refusal's Persian text or null, and whether a request is under way
 */
export function useBuyInParts(productId: number): { buy: (planId: number) => Promise<string | null>; isBuying: boolean } {
  const visitor = useAppSelector(selectCurrentUser) === null;
  const navigate = useNavigate();
  const [start, { isLoading }] = useStartInstalmentPurchaseMutation();
  const buy = async (planId: number) => {
    if (visitor) {
      void navigate(loginPathReturningTo(`/products/${productId}?${new URLSearchParams({ [INSTALMENT_PLAN_PARAM]: String(planId) })}`));
      return null;
    }
    try {
      const answer = await start({ productId, plan_id: planId }).unwrap();
      void navigate(startPayment(answer.data));
      return null;
    } catch (error) {
      const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
      if (status === 0) return t.buyInParts.noConnection;
      return fieldErrors.plan_id?.[0] ?? message ?? t.buyInParts.failed;
    }
  };
  return { buy, isBuying: isLoading };
}
