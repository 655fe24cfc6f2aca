import type { CartItem } from '@shop/contracts';
import { formatToman } from '@shop/format';
import { Divider, Typography } from '@shop/ui-kit';
import { Menu, MenuItem } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { t } from '../strings';

/**
 * The open cart menu of the header: each item (title, price in tomans) links to its course page,
 * then «مشاهده سبد خرید». Default export, loaded with `React.lazy` on the first open.
 */
export default function CartMenuList({ anchor, items, onClose }: { anchor: HTMLElement; items: CartItem[]; onClose: () => void }) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose} slotProps={{ list: { 'aria-label': t.cartItems }, paper: { sx: { width: 320, maxWidth: '90vw' } } }}>
      {items.length === 0 && <MenuItem disabled>{t.cartEmpty}</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.product_id} component={Link} to={`/products/${item.product_id}`} onClick={onClose} sx={{ gap: 2, justifyContent: 'space-between', whiteSpace: 'normal' }}>
          <span>{item.title}</span>
          <Typography component="span" variant="body2" sx={{ fontWeight: 700, color: 'primary.main', flexShrink: 0 }}>
            {formatToman(item.price)}
          </Typography>
        </MenuItem>
      ))}
      <Divider />
      <MenuItem component={Link} to="/shopping-cart" onClick={onClose} sx={{ justifyContent: 'center', fontWeight: 700, color: 'primary.main' }}>
        {t.goToCart}
      </MenuItem>
    </Menu>
  );
}
