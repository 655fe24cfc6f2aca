import { selectBoughtProducts, useAppSelector } from '@shop/api-client';
import { formatJalaliDate } from '@shop/format';
import { Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Avatar, List, ListItemButton, ListItemIcon, ListItemText } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { t } from '../strings';

/** The profile's `#buyed-products` tab (SPEC §2/§3): the products the user bought, from the store. */
export function BoughtProductsTab() {
  const products = useAppSelector(selectBoughtProducts);
  if (products.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon name="School" sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography>{t.noBoughtProducts}</Typography>
          <Button component={Link} to="/products" variant="outlined">
            {t.browseProducts}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <List disablePadding>
        {products.map((product, index) => (
          <ListItemButton key={product.id} component={Link} to={`/products/${product.id}`} divider={index < products.length - 1} sx={{ py: 1.5 }}>
            <ListItemIcon sx={{ minWidth: 0, ml: 2 }}>
              <Avatar variant="rounded" src={product.image ?? undefined} alt="" sx={{ width: 64, height: 40 }}>
                <Icon name="School" />
              </Avatar>
            </ListItemIcon>
            <ListItemText primary={product.title} secondary={`${t.boughtAt} ${formatJalaliDate(product.bought_at)}`} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
