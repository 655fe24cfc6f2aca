import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';

/**
 * The commerce remote's contract (DESIGN.md "The remote contract"): products and the
 * shopping cart, the home page's latest-products slot and the header's cart menu.
 */
const commerceModule: RemoteModule = {
  name: 'commerce',
  requires: { '@shop/ui-kit': '^2.0.0', '@shop/router': '^1.0.0', '@shop/api-client': '^1.0.0' },
  publicRoutes: [
    { path: '/products', Component: lazy(() => import('./products/product-list-page')) },
    { path: '/products/:productId', Component: lazy(() => import('./products/product-detail-page')) },
    { path: '/shopping-cart', Component: lazy(() => import('./cart/shopping-cart-page')), guard: 'signed-in' },
  ],
  dashboardRoutes: [],
  dashboardNav: [],
  slots: {
    'home.latest-products': lazy(() => import('./products/latest-products-slot')),
    'header.cart-menu': lazy(() => import('./cart/cart-menu-slot')),
  },
};

export default commerceModule;
