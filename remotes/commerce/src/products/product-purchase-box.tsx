import type { ProductDetail } from '@shop/contracts';
import { Alert, Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { useAddToCart, useAddToCartAfterLogin } from '../cart/use-add-to-cart';
import { useSellingEnabled } from '../cart/use-selling-enabled';
import { CourseProgressBar } from './course-progress-bar';
import { t } from '../strings';

/**
 * The course page's buying area (SPEC §8, issue 6): a buyer sees «این دوره را خریده‌اید» with
 * the progress «۳ از ۸ جلسه» and «ادامه یادگیری», which opens the first session not done at the
 * place they stopped (issue 24), or a line saying every session is done; with selling switched off, a note and no button; a course already
 * in the cart, a link to the cart; else «افزودن به سبد خرید». A visitor's click goes to the login
 * page, which says why and, once signed in, comes back here and adds the course (issue 22 item 12).
 */
export function ProductPurchaseBox({ product }: { product: ProductDetail }) {
  const sellingEnabled = useSellingEnabled();
  const { add, isAdding } = useAddToCart();
  const addOrLogIn = useAddToCartAfterLogin(product, sellingEnabled, add);
  if (product.is_bought) {
    const resume = product.progress?.resume_session_id ?? null;
    return (
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', color: 'success.main', fontWeight: 700 }}>
            <Icon name="CheckCircle" /> <span>{t.bought}</span>
          </Stack>
          {product.progress && <CourseProgressBar progress={product.progress} />}
          {resume !== null ? (
            <Button component={Link} to={`/products/${product.id}/${resume}`} variant="contained" startIcon={<Icon name="PlayArrow" />}>
              {t.continueLearning}
            </Button>
          ) : (
            (product.progress?.total ?? 0) > 0 && <Typography variant="body2">{t.courseFinished}</Typography>
          )}
        </Stack>
      </Paper>
    );
  }
  if (!sellingEnabled) {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t.sellingClosed}
      </Alert>
    );
  }
  if (product.in_cart) {
    return (
      <Alert
        severity="success"
        sx={{ mb: 3 }}
        action={
          <Button component={Link} to="/shopping-cart" color="inherit" size="small">
            {t.goToCart}
          </Button>
        }
      >
        {t.inCart}
      </Alert>
    );
  }
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<Icon name="ShoppingCart" />}
      disabled={isAdding}
      onClick={addOrLogIn}
      sx={{ mb: 3 }}
    >
      {isAdding ? t.adding : t.addToCart}
    </Button>
  );
}
