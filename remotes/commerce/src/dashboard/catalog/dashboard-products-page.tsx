import type { Product } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { AdminTable } from '../admin-table';
import { ListToolbar } from '../list-toolbar';
import { RowActions } from '../row-actions';
import { SectionHeader } from '../section-header';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { useDeleteAdminProductMutation, useGetAdminProductsQuery } from './catalog-admin-api';
import { CATALOG_PATHS } from './catalog-paths';
import { t } from '../../strings';

const PER_PAGE = 15;
const COLUMNS = ['title', 'price', 'product_status', 'is_active', 'sessions_count', 'likes_count', 'created_at', 'actions'] as const;
/** Columns the API sorts by; newest first by default. */
const SORTABLE = ['title', 'price', 'likes_count', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';

/**
 * `/dashboard/products` (manage-products, SPEC §2): the courses with search, sortable columns
 * and pages in the URL; price in tomans («رایگان» for 0), status, active flag, sessions, likes,
 * Jalali date; edit link and delete after confirmation (a sold course is refused by the server).
 */
export default function DashboardProductsPage() {
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE, DEFAULT_SORT);
  const { data, isLoading, isFetching } = useGetAdminProductsQuery({ page, per_page: PER_PAGE, q, sort: sortParam });
  const [remove, { isLoading: removing }] = useDeleteAdminProductMutation();
  const deletion = useConfirmedDelete<Product>({
    remove: (product) => remove(product.id).unwrap(),
    textOf: (product) => t.dashboard.deleteProductText(product.title),
    pending: removing,
  });

  const cell = (product: Product, column: (typeof COLUMNS)[number]) => {
    const editTo = `${CATALOG_PATHS.products}/${product.id}`;
    switch (column) {
      case 'title':
        return (
          <MuiLink component={Link} to={editTo} underline="hover" sx={{ fontWeight: 500 }}>
            {product.title}
          </MuiLink>
        );
      case 'price':
        return formatToman(product.price);
      case 'product_status':
        return <Chip size="small" variant="outlined" label={t.status[product.product_status]} />;
      case 'is_active':
        return <Chip size="small" color={product.is_active ? 'success' : 'default'} label={product.is_active ? t.dashboard.active : t.dashboard.inactive} />;
      case 'sessions_count':
        return formatNumber(product.sessions_count);
      case 'likes_count':
        return formatNumber(product.likes_count);
      case 'created_at':
        return <time dateTime={product.created_at}>{formatJalaliDate(product.created_at)}</time>;
      case 'actions':
        return <RowActions title={product.title} editTo={editTo} onDelete={() => deletion.ask(product)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <SectionHeader title={t.dashboard.products} intro={t.dashboard.productsIntro} add={{ label: t.dashboard.addProduct, to: CATALOG_PATHS.addProduct }} />
      <ListToolbar total={data?.meta.total}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.dashboard.search} placeholder={t.dashboard.searchPlaceholder} />
      </ListToolbar>
      {deletion.refusal}
      <AdminTable
        label={t.dashboard.products}
        columns={COLUMNS}
        labels={t.dashboard.productColumns}
        rows={data?.data}
        rowKey={(product) => product.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        sorting={{ sortable: SORTABLE, sort, onSort: toggleSort }}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
      {deletion.dialog}
    </Box>
  );
}
