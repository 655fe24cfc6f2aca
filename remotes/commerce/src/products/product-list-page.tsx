import { CardCell, CardGrid, EmptyState, ListFilterBar, ListPagination, SectionHeader, useListParams } from '@shop/content-ui';
import { Container, Stack, Typography } from '@shop/ui-kit';
import { useGetProductsQuery } from './products-api';
import { ProductCard } from './product-card';
import { t } from '../strings';

/** `/products` (SPEC §2): product cards with price and sessions count, the list filters; page and filter in the URL. */
export default function ProductListPage() {
  const { page, filter, setPage, setFilter } = useListParams();
  const { data, isLoading, isFetching } = useGetProductsQuery({ page, filter, per_page: 12 });
  return (
    <Container sx={{ py: 4 }}>
      <SectionHeader title={t.products} level="h1" />
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}>
        <Typography color="text.secondary">{t.productsIntro}</Typography>
        <ListFilterBar value={filter} onChange={setFilter} />
      </Stack>
      <CardGrid loading={isLoading} fetching={isFetching}>
        {data?.data.map((product) => (
          <CardCell key={product.id}>
            <ProductCard product={product} />
          </CardCell>
        ))}
      </CardGrid>
      {data && data.data.length === 0 && <EmptyState />}
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Container>
  );
}
