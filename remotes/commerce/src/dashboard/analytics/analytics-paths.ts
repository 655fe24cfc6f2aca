/** Paths of what staff learn of a course (issue 37 item 6), for the route (`module.tsx`) and the links to it. */
export const ANALYTICS_PATHS = {
  /** Route of a course's learning analytics. */
  route: '/dashboard/products/:productId/learning-analytics',
  /** Course `productId`'s learning analytics. */
  of: (productId: number) => `/dashboard/products/${productId}/learning-analytics`,
} as const;
