import { useIdParam } from '@shop/content-ui';
import { commerceIslands } from '../islands';

const { ProductSession } = commerceIslands.marked;

/**
 * `/products/:productId/:productSessionId` (SPEC §2, issue 6; behind the signed-in and
 * email-verified checks): the session of {@link ProductSession}, as an island of its reader's
 * server-rendered page (issue 9).
 */
export default function ProductSessionPage() {
  return <ProductSession productId={useIdParam('productId')} productSessionId={useIdParam('productSessionId')} />;
}
