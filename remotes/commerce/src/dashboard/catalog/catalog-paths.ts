/** Paths of the dashboard's course and session pages (SPEC §2 dashboard routes). */
export const CATALOG_PATHS = {
  products: '/dashboard/products',
  addProduct: '/dashboard/products/add-product',
  sessions: '/dashboard/product-sessions',
  addSession: '/dashboard/product-sessions/add-session',
} as const;
