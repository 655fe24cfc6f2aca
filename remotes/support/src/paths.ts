/** Paths of this remote's dashboard pages (SPEC §2 dashboard routes). */
export const PATHS = {
  announcements: '/dashboard/announcements',
  addAnnouncement: '/dashboard/announcements/add-announcement',
  editAnnouncement: (id: number) => `/dashboard/announcements/${id}`,
  links: '/dashboard/links',
  addLink: '/dashboard/links/add-link',
  editLink: (id: number) => `/dashboard/links/${id}`,
  terms: '/dashboard/terms-and-conditions',
  siteInformation: '/dashboard/site-information',
} as const;
