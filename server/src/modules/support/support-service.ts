/**
 * Site information and terms (SPEC §1 switches, §2 /about-me, /terms-and-conditions; issue 8
 * "Site information", "Terms"). Owns `site_settings`, a single row (id 1). Rich text is stored
 * sanitized; scripts, event handlers and `javascript:` links are refused with a 422.
 */
import { eq } from 'drizzle-orm';
import type { SiteInformation, SiteInformationInput, SocialLinks, TermsInput } from '@shop/contracts';
import { PLAYBACK_DEFAULTS, type SiteInformationBody } from '@shop/validation';
import type { Db } from '../../db/client';
import { siteSettings } from './tables';
import { ApiError, validationFailed } from '../../lib/api-error';
import { hasScriptMarkup, sanitizeRichText } from '../../lib/html';
import { SUPPORT_MESSAGES } from './messages';
import type { AuditContext } from '../../lib/audit-trail';

/** What a database without the row answers: empty texts, no contacts, every switch on, the playback limits' defaults (issue 38). */
const DEFAULTS: SiteInformation = {
  site_name: '',
  short_description: '',
  about_me: '',
  terms_and_conditions: '',
  contact_email: null,
  contact_phone: null,
  address: null,
  social_links: {},
  comments_enabled: true,
  tickets_enabled: true,
  selling_enabled: true,
  vat_percent: 0,
  ...PLAYBACK_DEFAULTS,
};

const columns = {
  site_name: siteSettings.site_name,
  short_description: siteSettings.short_description,
  about_me: siteSettings.about_me,
  terms_and_conditions: siteSettings.terms_and_conditions,
  contact_email: siteSettings.contact_email,
  contact_phone: siteSettings.contact_phone,
  address: siteSettings.address,
  social_links: siteSettings.social_links,
  comments_enabled: siteSettings.comments_enabled,
  tickets_enabled: siteSettings.tickets_enabled,
  selling_enabled: siteSettings.selling_enabled,
  vat_percent: siteSettings.vat_percent,
  max_devices: siteSettings.max_devices,
  device_removals_per_month: siteSettings.device_removals_per_month,
  max_concurrent_streams: siteSettings.max_concurrent_streams,
};

/** The site information with its switches (public `GET /api/site-information`); {@link DEFAULTS} when the row is missing. */
export async function getSiteInformation(db: Db): Promise<SiteInformation> {
  const [row] = await db.select(columns).from(siteSettings).where(eq(siteSettings.id, 1));
  return row ?? DEFAULTS;
}

/**
 * Throws 403 `sellingClosed` while the site's selling switch (site_settings.selling_enabled,
 * SPEC §1) is off: the routes that add to the cart, check out and pay call it before anything else.
 */
export async function assertSellingOpen(db: Db): Promise<void> {
  if (!(await getSiteInformation(db)).selling_enabled) throw new ApiError(403, SUPPORT_MESSAGES.sellingClosed);
}

/** Writes some fields of the single row, creating it (with the defaults for the rest) when missing. */
async function writeSettings(db: Db, values: Partial<SiteInformation>): Promise<SiteInformation> {
  await db
    .insert(siteSettings)
    .values({ ...DEFAULTS, ...values, id: 1 })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updated_at: new Date() } });
  return getSiteInformation(db);
}

/**
 * Writes some fields of the single row and records the change in the audit log (issue 26), in one
 * transaction: `entity` names the record (site information with its switches, or the terms).
 */
async function writeAudited(
  db: Db,
  values: Partial<SiteInformation>,
  entity: 'site_information' | 'terms',
  audit: AuditContext,
): Promise<SiteInformation> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await getSiteInformation(tx);
    const after = await writeSettings(tx, values);
    const fields = Object.keys(values) as Array<keyof SiteInformation>;
    const pick = (info: SiteInformation) => Object.fromEntries(fields.map((field) => [field, info[field]]));
    await audit.record(tx, { entity, id: null, action: 'update', before: pick(before), after: pick(after) });
    return after;
  });
}

/** Writes the whole record as given (seed and test fixtures; the dashboard goes through the update functions). */
export async function saveSiteInformation(db: Db, info: SiteInformation): Promise<void> {
  await writeSettings(db, info);
}

/**
 * Sanitized rich text of `field`.
 * @throws ApiError 422 `richTextUnsafe` on `field` when the HTML holds scripts, event handlers or `javascript:` links.
 */
function safeRichText(field: string, html: string): string {
  if (hasScriptMarkup(html)) throw validationFailed({ [field]: [SUPPORT_MESSAGES.richTextUnsafe] });
  return sanitizeRichText(html);
}

/** The networks that have a link, without empty entries. */
function presentLinks(links: SocialLinks): SocialLinks {
  return Object.fromEntries(Object.entries(links).filter(([, url]) => typeof url === 'string' && url !== ''));
}

/**
 * `PUT /api/dashboard/site-information` (permission manage-site-information): saves everything but
 * the terms, `about_me` sanitized; the switches act on the next request. Answers the whole record.
 * Audited with the fields that changed (a switch turned off shows as `comments_enabled: true → false`).
 * @throws ApiError 422 `richTextUnsafe` on `about_me`; nothing is written then.
 */
export async function updateSiteInformation(db: Db, input: SiteInformationBody, audit: AuditContext): Promise<SiteInformation> {
  const values: SiteInformationInput = {
    site_name: input.site_name,
    short_description: input.short_description ?? '',
    about_me: safeRichText('about_me', input.about_me),
    contact_email: input.contact_email ?? null,
    contact_phone: input.contact_phone ?? null,
    address: input.address ?? null,
    social_links: presentLinks(input.social_links as SocialLinks),
    comments_enabled: input.comments_enabled,
    tickets_enabled: input.tickets_enabled,
    selling_enabled: input.selling_enabled,
    vat_percent: input.vat_percent ?? 0,
    max_devices: input.max_devices ?? PLAYBACK_DEFAULTS.max_devices,
    device_removals_per_month: input.device_removals_per_month ?? PLAYBACK_DEFAULTS.device_removals_per_month,
    max_concurrent_streams: input.max_concurrent_streams ?? PLAYBACK_DEFAULTS.max_concurrent_streams,
  };
  return writeAudited(db, values, 'site_information', audit);
}

/** The terms HTML (`GET /api/dashboard/terms-and-conditions`). */
export async function getTerms(db: Db): Promise<TermsInput> {
  return { terms_and_conditions: (await getSiteInformation(db)).terms_and_conditions };
}

/**
 * `PUT /api/dashboard/terms-and-conditions` (permission manage-terms): stores the terms sanitized
 * and answers them as stored. Audited.
 * @throws ApiError 422 `richTextUnsafe` on `terms_and_conditions`; nothing is written then.
 */
export async function updateTerms(db: Db, html: string, audit: AuditContext): Promise<TermsInput> {
  const saved = await writeAudited(db, { terms_and_conditions: safeRichText('terms_and_conditions', html) }, 'terms', audit);
  return { terms_and_conditions: saved.terms_and_conditions };
}
