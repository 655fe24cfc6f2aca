import { lazy, Suspense, useState } from 'react';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { formatNumber } from '@shop/format';
import { Box, Icon, IconButton } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { useCart } from './cart-api';
import { useSellingEnabled } from './use-selling-enabled';
import { t } from '../strings';

// The menu (MUI Menu, Popover, list) loads on the first open: the header is on every page's first paint.
const CartMenuList = lazy(() => import('./cart-menu-list'));

/**
 * The header's cart menu slot (SPEC §1, issue 6). A visitor with an empty cart gets a compact cart
 * button linking to `/shopping-cart`. A signed-in user's button, and a visitor's holding a cart
 * (issue 25), carries the number of items in the cart as a badge and opens a short list of the
 * items (title, price) with a link «مشاهده سبد خرید». Nothing while the site's selling switch is
 * off (SPEC §1; issue 8: selling off → no cart or checkout).
 */
export default function CartMenuSlot() {
  const user = useAppSelector(selectCurrentUser);
  const sellingEnabled = useSellingEnabled();
  const { data } = useCart(sellingEnabled);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = data?.data.items ?? [];
  if (!sellingEnabled) return null;
  if (!user && items.length === 0) {
    return (
      <IconButton title={t.cart} component={Link} to="/shopping-cart" color="inherit" aria-label={t.cart}>
        <Icon name="ShoppingCart" />
      </IconButton>
    );
  }
  const label = t.cartCount(formatNumber(items.length));
  return (
    <>
      <IconButton
        title={label}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ position: 'relative' }}
      >
        <Icon name="ShoppingCart" />
        {items.length > 0 && (
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: 2,
              insetInlineEnd: 0,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {formatNumber(items.length)}
          </Box>
        )}
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <CartMenuList anchor={anchor} items={items} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
