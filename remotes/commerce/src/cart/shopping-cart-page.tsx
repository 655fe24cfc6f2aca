import { useState } from 'react';
import { loginPathReturningTo, type Cart, type CheckoutBody } from '@shop/contracts';
import { selectCurrentUser, startPayment, useAppSelector } from '@shop/api-client';
import { formatToman } from '@shop/format';
import { Alert, Box, Button, Container, Icon, IconButton, Paper, Skeleton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Avatar, Chip, List, ListItem, ListItemText } from '@shop/ui-kit/lazy';
import { Link, useNavigate, useSearchParams } from '@shop/router';
import { useCheckoutMutation, useGetCartQuery, useRemoveFromCartMutation, type PaymentGatewayId } from './cart-api';
import { AgentCodeBox } from './agent-code-box';
import { useGetCartAgentQuery } from './agent-code-api';
import { DiscountCodeBox } from './discount-code-box';
import { GatewayChoice, claimGatewayRefusal, usePaymentGateways } from './gateway-choice';
import { OrderStatus } from './order-status';
import { useIdempotencyKey } from './use-idempotency-key';
import { useSellingEnabled } from './use-selling-enabled';
import { useWalletBalance } from './wallet-api';
import { WalletChoice, walletSplit } from './wallet-choice';
import { t } from '../strings';

function EmptyCart() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Icon name="ShoppingCart" sx={{ fontSize: 56, color: 'text.disabled' }} />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {t.cartEmpty}
        </Typography>
        <Typography color="text.secondary">{t.cartEmptyHint}</Typography>
        <Button component={Link} to="/products" variant="contained" size="large">
          {t.browseProducts}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The items with their remove buttons (those a discount code applies to marked), the subtotal,
 * the discount code box (issue 25), the total to pay, the wallet choice with its split when the
 * signed-in buyer's wallet holds money (issue 36 item 3), «روش پرداخت» when the server offers more than
 * one gateway and the wallet leaves something to pay (issue 36 item 2), the sales agent's code (issue 36
 * item 4), and «پرداخت» («پرداخت از کیف پول» when the wallet covers it all; a note instead of both
 * while selling is off).
 */
function CartContents({ cart }: { cart: Cart }) {
  const sellingEnabled = useSellingEnabled();
  const [removeFromCart, { isLoading: removing }] = useRemoveFromCartMutation();
  const [checkout, { isLoading: checkingOut }] = useCheckoutMutation();
  const keyFor = useIdempotencyKey();
  const discounted = new Set(cart.discount?.product_ids ?? []);
  const user = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const balance = useWalletBalance() ?? 0;
  const agent = useGetCartAgentQuery().data ?? null;
  const [walletChosen, setWalletChosen] = useState(false);
  // A free cart has nothing for the wallet to pay.
  const walletOffered = balance > 0 && cart.total_price > 0;
  const useWallet = walletOffered && walletChosen;
  const walletPaysAll = useWallet && walletSplit(cart.total_price, balance).fromGateway === 0;
  const gateways = usePaymentGateways(sellingEnabled);
  const [gatewayChosen, setGatewayChosen] = useState<PaymentGatewayId>('default');
  const [gatewayRefusal, setGatewayRefusal] = useState<string | null>(null);
  const gatewayOffered = gateways.length > 1 && !walletPaysAll;
  const gateway = gatewayOffered ? gatewayChosen : 'default';
  const chooseGateway = (chosen: PaymentGatewayId) => {
    setGatewayChosen(chosen);
    setGatewayRefusal(null);
  };

  const remove = async (productId: number) => {
    const result = await removeFromCart(productId);
    if (result.data) enqueueSnackbar(result.data.message, { variant: 'success' });
  };
  const pay = async () => {
    // A visitor signs in first and comes back here, the cart merged into theirs (issue 25).
    if (!user) {
      void navigate(loginPathReturningTo('/shopping-cart'));
      return;
    }
    // The wallet's choice and balance, the gateway and the sales agent are part of the state: another choice is another order.
    const state = `${cart.items.map((item) => `${item.product_id}:${item.price}`).join(',')}=${cart.total_price}:${cart.discount?.code ?? ''}:${useWallet ? balance : ''}:${gateway}:${agent?.code ?? ''}`;
    const body: CheckoutBody = { ...(useWallet ? { use_wallet: true } : {}), ...(gateway === 'snapppay' ? { gateway } : {}) };
    setGatewayRefusal(null);
    const result = await checkout({ idempotencyKey: keyFor(state), ...(Object.keys(body).length > 0 ? { body } : {}) });
    if (result.data) void navigate(startPayment(result.data.data));
    else setGatewayRefusal(claimGatewayRefusal(result.error));
  };

  return (
    <Paper variant="outlined">
      <List aria-label={t.cartItems} disablePadding>
        {cart.items.map((item) => (
          <ListItem
            key={item.product_id}
            divider
            sx={{ gap: 2, py: 1.5 }}
            secondaryAction={
              <IconButton edge="end" aria-label={t.remove(item.title)} title={t.remove(item.title)} disabled={removing} onClick={() => void remove(item.product_id)}>
                <Icon name="Delete" />
              </IconButton>
            }
          >
            <Avatar variant="rounded" src={item.image ?? undefined} alt="" sx={{ width: 64, height: 40 }}>
              <Icon name="School" />
            </Avatar>
            <ListItemText
              primary={
                <Box component={Link} to={`/products/${item.product_id}`} sx={{ color: 'inherit', fontWeight: 500 }}>
                  {item.title}
                </Box>
              }
              secondary={
                <>
                  {formatToman(item.price)}
                  {discounted.has(item.product_id) && (
                    <Chip component="span" size="small" color="success" variant="outlined" label={t.discountBox.discounted} sx={{ ms: 1 }} />
                  )}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      <Stack spacing={2} useFlexGap sx={{ p: 2 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography>{t.discountBox.subtotal}</Typography>
          <Typography aria-label={t.discountBox.subtotal}>{formatToman(cart.subtotal_price)}</Typography>
        </Stack>
        <DiscountCodeBox cart={cart} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{t.total}</Typography>
          <Typography aria-label={t.total} sx={{ fontWeight: 700, fontSize: 20, color: 'primary.main' }}>
            {formatToman(cart.total_price)}
          </Typography>
        </Stack>
        {sellingEnabled && walletOffered && <WalletChoice total={cart.total_price} balance={balance} checked={walletChosen} onChange={setWalletChosen} />}
        {sellingEnabled && gatewayOffered && <GatewayChoice gateways={gateways} value={gatewayChosen} onChange={chooseGateway} refusal={gatewayRefusal} />}
        {sellingEnabled && <AgentCodeBox />}
        {sellingEnabled ? (
          <Button variant="contained" size="large" startIcon={<Icon name="Payments" />} disabled={checkingOut} onClick={() => void pay()}>
            {checkingOut ? t.paying : walletPaysAll ? t.walletPay.payFromWallet : t.pay}
          </Button>
        ) : (
          <Alert severity="info">{t.sellingClosed}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * `/shopping-cart` (SPEC §2; issue 6; open to visitors, issue 25): the cart with remove buttons, the
 * subtotal, a discount code (issue 25), the total to pay in tomans, the wallet's share when the buyer
 * chooses to pay from it (issue 36 item 3; paid in full from it, the order is paid at once, as a free
 * one is), the gateway when the server offers several (issue 36 item 2: the default one or SnappPay's
 * instalments; SnappPay's refusal of the amount shows under the choice), the sales agent named by a link
 * or a typed code (issue 36 item 4, «کد همکار فروش دارید؟») and «پرداخت». A visitor's
 * «پرداخت» asks them to sign in (or register) and brings them back here signed in, their cart
 * merged. Paying creates the order on the server (priced there, with an
 * `Idempotency-Key`) and opens the gateway in a new tab; the page then follows the order
 * (`?order_id=`) until it has an outcome. The gateway sends the user back with `?payment=paid|failed&order_id=`;
 * the outcome shown is the order's own (issue 22 item 9): success with the way to their courses,
 * or why it was not paid (cancelled at the gateway, or refused) with «تلاش دوباره». The gateway form
 * returns `?payment=discount-lapsed&order_id=` when the order's discount code lapsed since checkout
 * (issue 31 item 3): the page says so and leads back to the cart.
 */
export default function ShoppingCartPage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id'));
  const following = Number.isInteger(orderId) && orderId > 0;
  const { data, isLoading } = useGetCartQuery(undefined, { skip: following });
  const cart = data?.data;
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t.cart}
      </Typography>
      {following ? (
        <OrderStatus key={orderId} orderId={orderId} returned={params.has('payment')} discountLapsed={params.get('payment') === 'discount-lapsed'} />
      ) : isLoading ? (
        <Skeleton variant="rounded" height={200} />
      ) : cart && cart.items.length > 0 ? (
        <CartContents cart={cart} />
      ) : (
        <EmptyCart />
      )}
    </Container>
  );
}
