import type { PageHead } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { useGetProductQuery } from './products-api';
import { t } from '../strings';

/** `/products`'s head (issue 9): the list's title and intro. */
export function useProductListHead(): PageHead {
  return { title: t.products, description: t.productsIntro };
}

/**
 * `/products/:productId`'s head (issue 9): the course's title, description, image and price, as a
 * `Course` with an offer (an `expired` course can no longer be bought); from the page's own query
 * (same argument), so it adds no request.
 * @returns the head, or null while the course loads or when it cannot be read
 */
export function useProductHead(): PageHead | null {
  const product = useGetProductQuery(useIdParam('productId')).data?.data;
  if (!product) return null;
  return {
    title: product.title,
    description: product.description,
    image: product.image,
    item: {
      type: 'course',
      publishedAt: product.created_at,
      modifiedAt: product.updated_at,
      priceTomans: product.price,
      available: product.product_status !== 'expired',
    },
  };
}
