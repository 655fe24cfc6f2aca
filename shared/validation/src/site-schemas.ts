/**
 * Bodies of running the site (issue 8; SPEC §3 "Link", "Announcement", §4, §5): announcements,
 * links, terms and site information. Forms (formik) and the server share these definitions.
 */
import { boolean, object, string, type InferType } from 'yup';
import { ANNOUNCEMENT_STATUSES, LINK_TYPES, SOCIAL_NETWORKS, type SocialNetwork } from '@shop/contracts';
import { emailField, futureInstantField, mobileField, optionalString, requiredString, urlField, wholeNumberField } from './fields';
import { fieldLabels, messages } from './messages';

/** Longest title of an announcement or a link. */
export const SITE_TITLE_MAX = 150;
/** Longest announcement text (plain text of the banner). */
export const ANNOUNCEMENT_TEXT_MAX = 1000;
/** Longest link text (an FAQ answer or a URL). */
export const LINK_TEXT_MAX = 5000;
/** Longest rich text (terms, about-me) in characters of HTML, before sanitizing. */
export const RICH_TEXT_MAX = 100_000;
/** Longest site name and short description. */
export const SITE_NAME_MAX = 100;
export const SHORT_DESCRIPTION_MAX = 300;
export const ADDRESS_MAX = 500;

/** An absolute http(s) URL (SPEC §5 "url" with the optional pattern): no `javascript:`, no `ftp:`. */
const HTTP_URL = /^https?:\/\/[^\s]+$/i;
/** A link of the footer: an absolute http(s) URL or a path of this site (`/posts`). */
const HTTP_URL_OR_PATH = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

/** Rich text (HTML) of the terms and about-me editors: may be empty, at most {@link RICH_TEXT_MAX}. */
function richTextField(label: string) {
  return string().label(label).typeError(messages.invalid).nonNullable(messages.invalid).default('').max(RICH_TEXT_MAX, messages.max);
}

/** An announcement (POST/PUT /api/dashboard/announcements): `expired_at` (ISO 8601) in the future. */
export const announcementSchema = object({
  title: requiredString(fieldLabels.title).max(SITE_TITLE_MAX, messages.max),
  text: requiredString(fieldLabels.text).max(ANNOUNCEMENT_TEXT_MAX, messages.max),
  status: string()
    .label(fieldLabels.activity)
    .oneOf([...ANNOUNCEMENT_STATUSES], messages.invalid)
    .required(messages.required),
  expired_at: futureInstantField(fieldLabels.expired_at),
});

/** Valid announcement body. */
export type AnnouncementBody = InferType<typeof announcementSchema>;

/**
 * A link or FAQ entry (POST/PUT /api/dashboard/links; SPEC §3 "Link"): for type `link` the text is
 * the address, an http(s) URL or a path of this site.
 */
export const linkSchema = object({
  title: requiredString(fieldLabels.title).max(SITE_TITLE_MAX, messages.max),
  type: string()
    .label(fieldLabels.link_type)
    .oneOf([...LINK_TYPES], messages.invalid)
    .required(messages.required),
  text: requiredString(fieldLabels.text)
    .max(LINK_TEXT_MAX, messages.max)
    .when('type', {
      is: 'link',
      then: (s) => s.label(fieldLabels.url).matches(HTTP_URL_OR_PATH, { name: 'urlPattern', message: messages.url }),
    }),
});

/** Valid link body. */
export type LinkBody = InferType<typeof linkSchema>;

/** The terms (PUT /api/dashboard/terms-and-conditions): HTML, sanitized by the server when stored. */
export const termsSchema = object({
  terms_and_conditions: richTextField(fieldLabels.terms_and_conditions),
});

/** Valid terms body. */
export type TermsBody = InferType<typeof termsSchema>;

/** Bounds of the playback settings (issue 38 items 1 and 2), whole numbers. */
export const PLAYBACK_LIMITS = {
  max_devices: { min: 1, max: 20 },
  device_removals_per_month: { min: 0, max: 10 },
  max_concurrent_streams: { min: 1, max: 10 },
} as const;

/** The playback settings of a new site (issue 38): 3 devices, 2 removals in 30 days, 1 stream at once. */
export const PLAYBACK_DEFAULTS = { max_devices: 3, device_removals_per_month: 2, max_concurrent_streams: 1 } as const;

const socialLinksShape = Object.fromEntries(
  SOCIAL_NETWORKS.map((network) => [
    network,
    urlField({ label: fieldLabels.social_link, pattern: HTTP_URL }).max(255, messages.max),
  ]),
) as Record<SocialNetwork, ReturnType<typeof urlField<false>>>;

/**
 * Site information (PUT /api/dashboard/site-information): name, short description, about-me HTML,
 * contact details, social links (http(s) only), the three switches of SPEC §1, the VAT rate in
 * whole percent, 0–100 (issue 36 item 5; 0 when left out, so an older form keeps working), and the
 * playback limits of issue 38 ({@link PLAYBACK_LIMITS}; their defaults when left out).
 */
export const siteInformationSchema = object({
  site_name: requiredString(fieldLabels.site_name).max(SITE_NAME_MAX, messages.max),
  short_description: optionalString(fieldLabels.short_description).max(SHORT_DESCRIPTION_MAX, messages.max).default(''),
  about_me: richTextField(fieldLabels.about_me),
  contact_email: emailField({ label: fieldLabels.contact_email }).default(null).nullable(),
  contact_phone: mobileField({ label: fieldLabels.contact_phone }).default(null).nullable(),
  address: optionalString(fieldLabels.address).max(ADDRESS_MAX, messages.max).default(null).nullable(),
  social_links: object(socialLinksShape)
    .label(fieldLabels.social_link)
    .typeError(messages.invalid)
    .nonNullable(messages.invalid)
    .noUnknown(true, messages.invalid)
    .default({}),
  comments_enabled: boolean().label(fieldLabels.comments_enabled).typeError(messages.invalid).required(messages.required),
  tickets_enabled: boolean().label(fieldLabels.tickets_enabled).typeError(messages.invalid).required(messages.required),
  selling_enabled: boolean().label(fieldLabels.selling_enabled).typeError(messages.invalid).required(messages.required),
  vat_percent: wholeNumberField(fieldLabels.vat_percent, { min: 0, max: 100 }).default(0),
  max_devices: wholeNumberField(fieldLabels.max_devices, PLAYBACK_LIMITS.max_devices).default(PLAYBACK_DEFAULTS.max_devices),
  device_removals_per_month: wholeNumberField(fieldLabels.device_removals_per_month, PLAYBACK_LIMITS.device_removals_per_month).default(
    PLAYBACK_DEFAULTS.device_removals_per_month,
  ),
  max_concurrent_streams: wholeNumberField(fieldLabels.max_concurrent_streams, PLAYBACK_LIMITS.max_concurrent_streams).default(
    PLAYBACK_DEFAULTS.max_concurrent_streams,
  ),
});

/** Valid site-information body. */
export type SiteInformationBody = InferType<typeof siteInformationSchema>;
