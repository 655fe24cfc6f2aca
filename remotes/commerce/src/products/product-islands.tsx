import { engagementIslands, type EngagementIslandProps } from '@shop/engagement';
import { ProductPurchaseBox } from './product-purchase-box';
import { ProductSessionsList } from './product-sessions-list';
import { useGetProductQuery } from './products-api';

/** The course's detail answer from the store (the page's state on a server-rendered page). */
function useProduct(id: number) {
  return useGetProductQuery(id).data?.data;
}

/**
 * A course's like button and comment thread, islands of its page (issue 9); a `buyers-only`
 * course takes comments from its buyers.
 */
export const { Likes: ProductLikes, Comments: ProductComments } = engagementIslands('product', useProduct, (product) => product.is_bought);

/** A course's buying area, an island of its page (issue 9). */
export function ProductPurchase({ id }: EngagementIslandProps) {
  const product = useProduct(id);
  return product ? <ProductPurchaseBox product={product} /> : null;
}

/**
 * A course's sessions, an island of its page that hydrates only for a signed-in reader (issue 9):
 * its locks and ticks are the reader's; a visitor's are links as the server sent them.
 */
export function ProductSessions({ id }: EngagementIslandProps) {
  const product = useProduct(id);
  return product ? <ProductSessionsList productId={id} sessions={product.sessions} /> : null;
}
