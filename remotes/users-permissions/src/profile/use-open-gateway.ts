import { postHiddenForm } from '@shop/api-client';
import type { CheckoutAnswer } from '@shop/contracts';
import { useNavigate } from '@shop/router';

/**
 * What follows a new payment attempt from the profile (an unpaid order's «پرداخت», issue 32 item 2;
 * a part's «پرداخت قسط», issue 36 item 2): the gateway opens in a new tab through the hidden form
 * POST with the token field (SPEC §7), unless nothing is left to pay; then the cart's page follows the
 * order (`/shopping-cart?order_id=<id>`, a route of the commerce remote reached by its URL) until it is
 * paid, where the gateway also sends the buyer back.
 * @returns a function of the server's answer with the order and its gateway form
 */
export function useOpenGateway(): (answer: CheckoutAnswer) => void {
  const navigate = useNavigate();
  return (answer) => {
    if (answer.payment) postHiddenForm(answer.payment.action, { token: answer.payment.token });
    void navigate(`/shopping-cart?order_id=${answer.order.id}`);
  };
}
