import type { ProductDetail } from '@shop/contracts';
import { Alert, Button, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { useCart } from '../cart/cart-api';
import { useAddToCart } from '../cart/use-add-to-cart';
import { useSellingEnabled } from '../cart/use-selling-enabled';
import { CourseLeftList } from './course-left-list';
import { CourseProgressBar } from './course-progress-bar';
import { InstalmentOffer } from './instalment-offer';
import { t } from '../strings';

/**
 * The course page's buying area (SPEC §8, issue 6): a buyer sees «این دوره را خریده‌اید» with
 * the progress «۳ از ۸ جلسه» and «ادامه یادگیری», which opens the first session not done that
 * its schedule opens, at the place they stopped (issue 24; a note instead while every one left is locked), and under them what is left before the certificate (quizzes not
 * passed included, issue 37 item 4, {@link CourseLeftList}); or a line saying every session is done
 * with the link to the course's certificate (issue 32 item 7); with selling switched off, a note and no button; a course already
 * in the cart, a link to the cart; else «افزودن به سبد خرید», which adds it for a visitor too
 * (issue 25). A visitor's «in the cart» comes from their own cart, asked for in the browser: the
 * course's answer and page are every visitor's and never say it. A course with active plans adds
 * «خرید اقساطی» beside these and its plans under them (issue 36 item 2, {@link InstalmentOffer}).
 */
export function ProductPurchaseBox({ product }: { product: ProductDetail }) {
  const sellingEnabled = useSellingEnabled();
  const { add, isAdding } = useAddToCart();
  const visitor = useAppSelector(selectCurrentUser) === null;
  const visitorCart = useCart(visitor && sellingEnabled && !product.is_bought).data?.data;
  const inCart = product.in_cart || (visitor && !!visitorCart?.items.some((item) => item.product_id === product.id));
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
          ) : (product.progress?.left?.length ?? 0) > 0 ? (
            <Typography variant="body2">{t.nextSessionsLocked}</Typography>
          ) : (
            (product.progress?.total ?? 0) > 0 && (
              <Stack spacing={1} useFlexGap sx={{ alignItems: { sm: 'flex-end' } }}>
                <Typography variant="body2">{t.courseFinished}</Typography>
                {product.certificate_code && (
                  <Button component={Link} to={`/certificates/${product.certificate_code}`} variant="contained" startIcon={<Icon name="Verified" />}>
                    {t.viewCertificate}
                  </Button>
                )}
              </Stack>
            )
          )}
        </Stack>
        {/* An answer from a server older than issue 37 item 4 has no `left`. */}
        {product.progress && <CourseLeftList productId={product.id} left={product.progress.left ?? []} />}
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
  // An answer from a server older than the plans has none (a remote may be released before it).
  const hasPlans = (product.instalment_plans?.length ?? 0) > 0;
  const cartPart = inCart ? (
    <Alert
      severity="success"
      sx={{ mb: hasPlans ? 0 : 3 }}
      action={
        <Button component={Link} to="/shopping-cart" color="inherit" size="small">
          {t.goToCart}
        </Button>
      }
    >
      {t.inCart}
    </Alert>
  ) : (
    <Button
      variant="contained"
      size="large"
      startIcon={<Icon name="ShoppingCart" />}
      disabled={isAdding}
      onClick={() => void add(product.id)}
      sx={{ mb: hasPlans ? 0 : 3 }}
    >
      {isAdding ? t.adding : t.addToCart}
    </Button>
  );
  return hasPlans ? (
    <InstalmentOffer product={product} stacked={inCart}>
      {cartPart}
    </InstalmentOffer>
  ) : (
    cartPart
  );
}
