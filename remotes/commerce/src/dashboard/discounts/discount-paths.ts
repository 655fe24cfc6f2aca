/** Paths of the dashboard's discount code pages (issue 25). */
export const DISCOUNT_PATHS = {
  list: '/dashboard/discount-codes',
  add: '/dashboard/discount-codes/add-discount-code',
  edit: (id: number) => `/dashboard/discount-codes/${id}`,
  uses: (id: number) => `/dashboard/discount-codes/${id}/uses`,
} as const;
