import { RichText } from '@shop/content-ui';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Box, Container, Icon, Link as MuiLink, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Breadcrumbs } from '@shop/ui-kit/lazy';
import { Link, useParams } from '@shop/router';
import { useGetProductQuery } from './products-api';
import { ProductStatusChip } from './product-status-chip';
import { ProductSessionsList } from './product-sessions-list';
import { t } from '../strings';

/** `/products/:productId` (SPEC §2): title, image, price, product status, description and the numbered sessions. */
export default function ProductDetailPage() {
  const productId = Number(useParams().productId);
  // A non-numeric id is asked as is: the server answers 404 and the shell shows its 404 page.
  const { data, isLoading } = useGetProductQuery(Number.isInteger(productId) ? productId : -1);
  const product = data?.data;
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <MuiLink component={Link} to="/products" underline="hover" color="inherit">
          {t.products}
        </MuiLink>
        {product && <Typography color="text.primary">{product.title}</Typography>}
      </Breadcrumbs>
      {isLoading || !product ? (
        <>
          <Skeleton variant="text" height={56} />
          <Skeleton variant="rounded" height={320} sx={{ my: 2 }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </>
      ) : (
        <Box component="article">
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
          <Stack spacing={3} useFlexGap direction="row" sx={{ flexWrap: 'wrap', color: 'text.secondary', mb: 3 }}>
            <span>
              {t.publishedAt} <time dateTime={product.created_at}>{formatJalaliDate(product.created_at)}</time>
            </span>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="PlayLesson" fontSize="small" /> {t.sessionsCount(formatNumber(product.sessions.length))}
            </Stack>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="FavoriteBorder" fontSize="small" /> {formatNumber(product.likes_count)} {t.likes}
            </Stack>
            <Stack sx={{ alignItems: 'center' }} spacing={0.5} useFlexGap direction="row">
              <Icon name="ChatBubbleOutline" fontSize="small" /> {formatNumber(product.comments_count)} {t.comments}
            </Stack>
          </Stack>
          {product.image && (
            <Box component="img" src={product.image} alt="" sx={{ width: '100%', borderRadius: 2, mb: 3, aspectRatio: '16 / 9', objectFit: 'cover' }} />
          )}
          <RichText html={product.description} />
          <ProductSessionsList sessions={product.sessions} />
        </Box>
      )}
    </Container>
  );
}
