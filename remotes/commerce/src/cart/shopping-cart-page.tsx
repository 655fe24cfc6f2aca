import { Button, Container, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { t } from '../strings';

/**
 * `/shopping-cart` (SPEC §2, signed-in gate): the user's cart. Adding to the cart arrives in
 * a later issue, so for now it honestly shows the empty state with a way to the products.
 */
export default function ShoppingCartPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t.cart}
      </Typography>
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
    </Container>
  );
}
