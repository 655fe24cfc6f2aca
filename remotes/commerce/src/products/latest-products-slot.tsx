import { CardCell, CardGrid, SectionHeader } from '@shop/content-ui';
import { Box } from '@shop/ui-kit';
import { useGetProductsQuery } from './products-api';
import { ProductCard } from './product-card';
import { t } from '../strings';

/** The home page's "latest products" slot (SPEC §2): the six newest products. */
export default function LatestProductsSlot() {
  const { data, isLoading } = useGetProductsQuery({ filter: 'newest', per_page: 6 });
  if (data && data.data.length === 0) return null;
  return (
    <Box component="section" aria-label={t.latestProducts}>
      <SectionHeader title={t.latestProducts} to="/products?filter=newest" />
      <CardGrid loading={isLoading}>
        {data?.data.map((product) => (
          <CardCell key={product.id}>
            <ProductCard product={product} />
          </CardCell>
        ))}
      </CardGrid>
    </Box>
  );
}
