import { DetailFrame, RichText, useIdParam } from '@shop/content-ui';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Box, Icon, Stack, Typography } from '@shop/ui-kit';
import { useGetProductQuery } from './products-api';
import { ProductStatusChip } from './product-status-chip';
import { commerceIslands } from '../islands';
import { t } from '../strings';

const { ProductLikes, ProductPurchase, ProductSessions, ProductComments } = commerceIslands.marked;

/**
 * `/products/:productId` (SPEC §2, issue 6): title, image, price in tomans (or «رایگان»), product
 * status, session count, the like button, the buying area (add to cart, in the cart, or bought
 * with progress; «خرید اقساطی» and the course's plans when it has any, issue 36 item 2), the description, the sessions as links with locks and free-preview marks, and
 * the comments (a `buyers-only` course takes comments from its buyers only). Server-rendered, only
 * the likes, buying area, sessions and comments hydrate (issue 9).
 */
export default function ProductDetailPage() {
  const { data } = useGetProductQuery(useIdParam('productId'));
  const product = data?.data;
  return (
    <DetailFrame listPath="/products" listLabel={t.products} item={product}>
      {(product) => (
        <>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2, lineHeight: 1.6, fontSize: { xs: 26, md: 34 } }}>
            {product.title}
          </Typography>
          <Stack spacing={2} useFlexGap direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography component="p" aria-label={t.price} sx={{ fontWeight: 700, fontSize: 22, color: 'primary.main' }}>
              {formatToman(product.price)}
            </Typography>
            <Box aria-label={t.productStatus}>
              <ProductStatusChip status={product.product_status} />
            </Box>
          </Stack>
          <Stack spacing={3} useFlexGap direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary', mb: 3 }}>
            <span>
              {t.publishedAt} <time dateTime={product.created_at}>{formatJalaliDate(product.created_at)}</time>
            </span>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="PlayLesson" fontSize="small" /> {t.sessionsCount(formatNumber(product.sessions.length))}
            </Stack>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="ChatBubbleOutline" fontSize="small" /> {formatNumber(product.comments_count)} {t.comments}
            </Stack>
            <ProductLikes id={product.id} />
          </Stack>
          <ProductPurchase id={product.id} />
          {product.image && (
            <Box component="img" src={product.image} alt="" sx={{ width: '100%', borderRadius: 2, mb: 3, aspectRatio: '16 / 9', objectFit: 'cover' }} />
          )}
          <RichText html={product.description} />
          <ProductSessions id={product.id} />
          <ProductComments id={product.id} />
        </>
      )}
    </DetailFrame>
  );
}
