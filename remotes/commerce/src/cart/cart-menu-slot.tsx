import { Icon, IconButton } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';

/** The header's cart menu slot (SPEC §1): a compact cart button linking to `/shopping-cart`. */
export default function CartMenuSlot() {
  return (
    <IconButton title={t.cart} component={Link} to="/shopping-cart" color="inherit" aria-label={t.cart}>
      <Icon name="ShoppingCart" />
    </IconButton>
  );
}
