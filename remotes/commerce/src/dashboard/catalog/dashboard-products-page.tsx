import type { Product } from '@shop/contracts';
import { formatNumber, formatToman } from '@shop/format';
import { Chip } from '@shop/ui-kit/lazy';
import { CatalogListPage } from './catalog-list-page';
import { useDeleteAdminProductMutation, useGetAdminProductsQuery } from './catalog-admin-api';
import { CATALOG_PATHS } from './catalog-paths';
import { t } from '../../strings';

const COLUMNS = ['title', 'price', 'product_status', 'is_active', 'sessions_count', 'likes_count', 'created_at', 'actions'] as const;
const SORTABLE = ['title', 'price', 'likes_count', 'created_at'] as const;

/**
 * `/dashboard/products` (manage-products, SPEC §2): the courses with search, sortable columns
 * and pages in the URL; price in tomans («رایگان» for 0), status, active flag, sessions, likes,
 * Jalali date; edit link and undoable delete (issue 32 item 5; a sold course is refused by the server).
 */
export default function DashboardProductsPage() {
  const [remove] = useDeleteAdminProductMutation();
  return (
    <CatalogListPage<Product, 'price' | 'product_status' | 'sessions_count', (typeof SORTABLE)[number]>
      title={t.dashboard.products}
      intro={t.dashboard.productsIntro}
      add={{ label: t.dashboard.addProduct, to: CATALOG_PATHS.addProduct }}
      columns={COLUMNS}
      labels={t.dashboard.productColumns}
      sortable={SORTABLE}
      useList={useGetAdminProductsQuery}
      remove={(product) => remove(product.id).unwrap()}
      deletedText={(product) => t.dashboard.productDeleted(product.title)}
      editPath={(product) => `${CATALOG_PATHS.products}/${product.id}`}
      cell={(product, column) => {
        switch (column) {
          case 'price':
            return formatToman(product.price);
          case 'product_status':
            return <Chip size="small" variant="outlined" label={t.status[product.product_status]} />;
          case 'sessions_count':
            return formatNumber(product.sessions_count);
        }
      }}
    />
  );
}
