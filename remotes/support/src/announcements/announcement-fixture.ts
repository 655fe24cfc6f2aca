import type { Announcement } from '@shop/contracts';

/** An announcement as the dashboard API sends it, for component tests; fields can be overridden. */
export function anAnnouncement(overrides: Partial<Announcement> & Pick<Announcement, 'id'>): Announcement {
  return {
    title: 'اطلاعیه',
    text: 'متن اطلاعیه',
    status: 'active',
    expired_at: '2099-01-01T08:00:00Z',
    is_expired: false,
    created_at: '2026-11-01T08:00:00Z',
    updated_at: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}
