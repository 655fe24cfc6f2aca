import { validate } from './validate';
import { announcementSchema, linkSchema, RICH_TEXT_MAX, siteInformationSchema, termsSchema } from './site-schemas';

const HOUR_MS = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR_MS).toISOString();

describe('announcementSchema (issue 8 "Announcements")', () => {
  const announcement = { title: ' اطلاعیه ', text: 'متن اطلاعیه', status: 'active', expired_at: inHours(24) };

  it('accepts a future expiry and trims the texts', async () => {
    expect(await validate(announcementSchema, announcement)).toEqual({
      ok: true,
      value: { ...announcement, title: 'اطلاعیه' },
    });
  });

  it.each([
    ['an expiry in the past', { expired_at: inHours(-1) }, { expired_at: ['تاریخ انقضا باید در آینده باشد'] }],
    ['an expiry that is not a date', { expired_at: 'فردا' }, { expired_at: ['تاریخ انقضا معتبر نیست'] }],
    ['an expiry after year 9999', { expired_at: '+020000-01-01T00:00:00.000Z' }, { expired_at: ['تاریخ انقضا معتبر نیست'] }],
    ['a number for the expiry', { expired_at: Date.now() + HOUR_MS }, { expired_at: ['تاریخ انقضا معتبر نیست'] }],
    ['no expiry', { expired_at: undefined }, { expired_at: ['تاریخ انقضا الزامی است'] }],
    ['an empty title', { title: '   ' }, { title: ['عنوان الزامی است'] }],
    ['an unknown status', { status: 'paused' }, { status: ['وضعیت معتبر نیست'] }],
  ])('refuses %s with a Persian message', async (_case, change, errors) => {
    expect(await validate(announcementSchema, { ...announcement, ...change })).toEqual({ ok: false, errors });
  });
});

describe('linkSchema (issue 8 "Links")', () => {
  it('takes the three types; a footer link is an http(s) URL or a path of the site', async () => {
    for (const [type, text] of [
      ['question', 'پاسخ پرسش'],
      ['product-related-question', 'پاسخ پرسش دوره'],
      ['link', 'https://example.com/a?b=1'],
      ['link', '/products'],
    ]) {
      expect(await validate(linkSchema, { title: 'عنوان', text, type })).toEqual({ ok: true, value: { title: 'عنوان', text, type } });
    }
  });

  it.each([
    ['an unknown type', { type: 'faq' }, { type: ['نوع پیوند معتبر نیست'] }],
    ['a javascript: address', { type: 'link', text: 'javascript:alert(1)' }, { text: ['نشانی اینترنتی باید یک نشانی اینترنتی معتبر باشد'] }],
    ['a protocol-relative address', { type: 'link', text: '//evil.example.com' }, { text: ['نشانی اینترنتی باید یک نشانی اینترنتی معتبر باشد'] }],
    ['an empty title', { title: '' }, { title: ['عنوان الزامی است'] }],
  ])('refuses %s', async (_case, change, errors) => {
    expect(await validate(linkSchema, { title: 'عنوان', text: 'پاسخ', type: 'question', ...change })).toEqual({ ok: false, errors });
  });
});

describe('termsSchema', () => {
  it('takes HTML as is (the server sanitizes it) and an empty text, but not null or more than the limit', async () => {
    expect(await validate(termsSchema, { terms_and_conditions: '<p>متن</p>' })).toEqual({ ok: true, value: { terms_and_conditions: '<p>متن</p>' } });
    expect(await validate(termsSchema, {})).toEqual({ ok: true, value: { terms_and_conditions: '' } });
    expect(await validate(termsSchema, { terms_and_conditions: null })).toEqual({
      ok: false,
      errors: { terms_and_conditions: ['قوانین و مقررات معتبر نیست'] },
    });
    const long = await validate(termsSchema, { terms_and_conditions: 'a'.repeat(RICH_TEXT_MAX + 1) });
    expect(long.ok ? [] : long.errors.terms_and_conditions).toEqual([expect.stringMatching(/^قوانین و مقررات .*۱۰۰۰۰۰/)]);
  });
});

describe('siteInformationSchema (issue 8 "Site information")', () => {
  const info = { site_name: 'آکادمی نوشتار', comments_enabled: true, tickets_enabled: false, selling_enabled: 'true' };

  it('casts the switches, normalizes the phone and leaves out empty contacts and links', async () => {
    const result = await validate(siteInformationSchema, {
      ...info,
      contact_email: '',
      contact_phone: '۰۹۱۲ ۳۴۵ ۶۷۸۹',
      address: '  ',
      social_links: { telegram: '', github: 'https://github.com/neveshtar', myspace: 'https://myspace.com/' },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        site_name: 'آکادمی نوشتار',
        short_description: '',
        about_me: '',
        contact_email: null,
        contact_phone: '+989123456789',
        address: null,
        social_links: { github: 'https://github.com/neveshtar' },
        comments_enabled: true,
        tickets_enabled: false,
        selling_enabled: true,
        // Left out: no VAT (issue 36 item 5), and the playback limits' defaults (issue 38).
        vat_percent: 0,
        max_devices: 3,
        device_removals_per_month: 2,
        max_concurrent_streams: 1,
      },
    });
  });

  it('takes the playback limits in any digits within their bounds, with Persian refusals (issue 38)', async () => {
    expect(await validate(siteInformationSchema, { ...info, max_devices: '۵', device_removals_per_month: 0, max_concurrent_streams: '2' })).toMatchObject({
      ok: true,
      value: { max_devices: 5, device_removals_per_month: 0, max_concurrent_streams: 2 },
    });
    const cases: Array<[string, unknown]> = [
      ['max_devices', 0],
      ['max_devices', '21'],
      ['device_removals_per_month', -1],
      ['device_removals_per_month', 11],
      ['max_concurrent_streams', '1.5'],
      ['max_concurrent_streams', 'یک'],
    ];
    for (const [field, wrong] of cases) {
      const result = await validate(siteInformationSchema, { ...info, [field]: wrong });
      expect([field, wrong, result.ok ? [] : Object.keys(result.errors)]).toEqual([field, wrong, [field]]);
      if (!result.ok) expect(result.errors[field]![0]).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('takes the VAT rate in any digits as a whole percent of 0 to 100 (issue 36 item 5)', async () => {
    expect(await validate(siteInformationSchema, { ...info, vat_percent: '۱۰' })).toMatchObject({ ok: true, value: { vat_percent: 10 } });
    for (const wrong of ['101', '-1', '9.5', 'ده']) {
      const result = await validate(siteInformationSchema, { ...info, vat_percent: wrong });
      expect([wrong, result.ok, Object.keys(result.ok ? {} : result.errors)]).toEqual([wrong, false, ['vat_percent']]);
    }
  });

  it('refuses social links that are not http(s), bad contacts, an empty name and missing switches', async () => {
    const result = await validate(siteInformationSchema, {
      site_name: ' ',
      contact_email: 'info',
      contact_phone: '123',
      social_links: { telegram: 'javascript:alert(1)', x: 'ftp://x.example.com/', instagram: 'instagram.com/a' },
      comments_enabled: 'maybe',
    });
    const notUrl = 'پیوند شبکه اجتماعی باید یک نشانی اینترنتی معتبر باشد';
    expect(result).toEqual({
      ok: false,
      errors: {
        site_name: ['نام سایت الزامی است'],
        contact_email: ['ایمیل تماس باید یک نشانی ایمیل معتبر باشد'],
        contact_phone: ['شماره موبایل معتبر نیست'],
        'social_links.telegram': [notUrl],
        'social_links.x': [notUrl],
        'social_links.instagram': [notUrl],
        comments_enabled: ['ارسال دیدگاه معتبر نیست'],
        tickets_enabled: ['ارسال تیکت الزامی است'],
        selling_enabled: ['فروش دوره‌ها الزامی است'],
      },
    });
  });

  it('answers null rich text and social links with Persian messages', async () => {
    expect(await validate(siteInformationSchema, { ...info, about_me: null, social_links: null })).toEqual({
      ok: false,
      errors: { about_me: ['درباره من معتبر نیست'], social_links: ['پیوند شبکه اجتماعی معتبر نیست'] },
    });
    expect(await validate(siteInformationSchema, { ...info, social_links: 'https://t.me/' })).toEqual({
      ok: false,
      errors: { social_links: ['پیوند شبکه اجتماعی معتبر نیست'] },
    });
  });
});
