import type { CheckoutAnswer } from '@shop/contracts';
import { postHiddenForm } from '@shop/api-client';
import { useNavigate } from '@shop/router';

/**
 * What follows a checkout or a new payment attempt (issue 6): the gateway opens in a new tab
 * through the hidden form POST with the token field (SPEC §7), unless nothing is to pay (a free
 * cart, granted at once); then the cart page follows the order (`/shopping-cart?order_id=<id>`)
 * until it is paid.
 * @returns a function of the checkout answer
 */
export function useOpenGateway(): (answer: CheckoutAnswer) => void {
  const navigate = useNavigate();
  return (answer) => {
    if (answer.payment) postHiddenForm(answer.payment.action, { token: answer.payment.token });
    navigate(`/shopping-cart?order_id=${answer.order.id}`);
  };
}
