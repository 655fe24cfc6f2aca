import type { SiteInformation } from '@shop/contracts';

/** The site information as the API sends it, for component tests; fields can be overridden. */
export function aSiteInformation(overrides: Partial<SiteInformation> = {}): SiteInformation {
  return {
    site_name: 'آکادمی نوشتار',
    short_description: 'نوشته‌ها، پادکست‌ها و دوره‌های برنامه‌نویسی وب به فارسی.',
    about_me: '<p>سلام! من برنامه‌نویس و مدرس هستم.</p>',
    terms_and_conditions: '<h2>شرایط استفاده</h2><p>با احترام به دیگران بنویسید.</p>',
    contact_email: 'hello@example.com',
    contact_phone: '+989121234567',
    address: 'تهران، خیابان انقلاب',
    social_links: { telegram: 'https://t.me/neveshtar', github: 'https://github.com/neveshtar' },
    comments_enabled: true,
    tickets_enabled: true,
    selling_enabled: true,
    vat_percent: 10,
    max_devices: 3,
    device_removals_per_month: 2,
    max_concurrent_streams: 1,
    ...overrides,
  };
}
