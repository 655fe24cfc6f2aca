import type { Product } from '@shop/contracts';
import { ContentCard } from '@shop/content-ui';
import { formatNumber, formatToman } from '@shop/format';
import { Stack, Typography } from '@shop/ui-kit';
import { t } from '../strings';

/** A product card (SPEC §2 /products): the content card with the price in tomans and the sessions count. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <ContentCard
      to={`/products/${product.id}`}
      title={product.title}
      image={product.image}
      createdAt={product.created_at}
      likesCount={product.likes_count}
      commentsCount={product.comments_count}
      extra={
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {formatToman(product.price)}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {t.sessionsCount(formatNumber(product.sessions_count))}
          </Typography>
        </Stack>
      }
    />
  );
}
