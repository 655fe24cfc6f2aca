import { lazy } from 'react';
import { defineIslands } from '@shop/router';

const productIsland = <K extends 'ProductLikes' | 'ProductComments' | 'ProductPurchase' | 'ProductSessions'>(name: K) =>
  lazy(() => import('./products/product-islands').then((parts) => ({ default: parts[name] })));

/**
 * The commerce remote's islands (issue 9, DESIGN.md "Public pages"): on a server-rendered page
 * only these hydrate, each at its first use but the sessions list, which differs only for a
 * signed-in reader. The course list is one island (its filters and pages change the list); a
 * course's page is HTML but for its likes, buying area, sessions and comments; the header's cart
 * menu is one, and so is a session's page (rendered for its signed-in reader only).
 */
export const commerceIslands = defineIslands(
  'commerce',
  {
    ProductList: lazy(() => import('./products/product-list-page')),
    ProductLikes: productIsland('ProductLikes'),
    ProductComments: productIsland('ProductComments'),
    ProductPurchase: productIsland('ProductPurchase'),
    ProductSessions: productIsland('ProductSessions'),
    CartMenu: lazy(() => import('./cart/cart-menu-slot')),
    ProductSession: lazy(() => import('./sessions/product-session').then(({ ProductSession }) => ({ default: ProductSession }))),
  },
  { ProductSessions: 'signed-in' },
);
