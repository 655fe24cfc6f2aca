import { Icon, IconButton, Tooltip } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';

/** The header's cart menu slot (SPEC §1): a compact cart button linking to `/shopping-cart`. */
export default function CartMenuSlot() {
  return (
    <Tooltip title={t.cart}>
      <IconButton component={Link} to="/shopping-cart" color="inherit" aria-label={t.cart}>
        <Icon name="ShoppingCart" />
      </IconButton>
    </Tooltip>
  );
}
