/**
 * The support routes' response and body schemas: links, announcements, terms, site information,
 * comment moderation and bulk actions (issues 3, 8 and 26).
 * Beside the routes that answer with them (issue 34 item 5); what several domains share is in
 * lib/schemas.ts.
 */
import { ANNOUNCEMENT_STATUSES, BULK_MAX_IDS, LINK_TYPES, SOCIAL_NETWORKS } from '@shop/contracts';
import { contentTypeEnum, date, int, nullableStr, str } from '../../lib/schemas';

/** DashboardComment of engagement.ts. */
export const dashboardCommentSchema = {
  type: 'object',
  required: ['id', 'parent_id', 'text', 'status', 'user', 'commentable', 'created_at'],
  properties: {
    id: int,
    parent_id: int,
    text: str,
    status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
    user: {
      type: 'object',
      required: ['id', 'full_name', 'email', 'is_staff'],
      properties: { id: int, full_name: str, email: str, is_staff: { type: 'boolean' } },
    },
    commentable: {
      type: 'object',
      required: ['type', 'id', 'title'],
      properties: { type: contentTypeEnum, id: int, title: str },
    },
    created_at: date,
  },
} as const;

/** Link of site.ts. */
export const linkSchema = {
  type: 'object',
  required: ['id', 'title', 'text', 'type'],
  properties: { id: int, title: str, text: str, type: { type: 'string', enum: [...LINK_TYPES] } },
} as const;

/** PublicAnnouncement of site.ts: what the banner shows. */
export const publicAnnouncementSchema = {
  type: 'object',
  required: ['id', 'title', 'text', 'expired_at'],
  properties: { id: int, title: str, text: str, expired_at: date },
} as const;

/** Announcement of site.ts, as the dashboard lists it. */
export const announcementSchema = {
  type: 'object',
  required: [...publicAnnouncementSchema.required, 'status', 'is_expired', 'created_at', 'updated_at'],
  properties: {
    ...publicAnnouncementSchema.properties,
    status: { type: 'string', enum: [...ANNOUNCEMENT_STATUSES] },
    is_expired: { type: 'boolean' },
    created_at: date,
    updated_at: date,
  },
} as const;

/** TermsInput of site.ts. */
export const termsSchema = {
  type: 'object',
  required: ['terms_and_conditions'],
  properties: { terms_and_conditions: { type: 'string', description: 'Sanitized HTML' } },
} as const;

/** SiteInformation of site.ts: texts, contact details, social links, the three switches, the VAT rate and the playback limits (issue 38). */
export const siteInformationSchema = {
  type: 'object',
  required: [
    'site_name', 'short_description', 'about_me', 'terms_and_conditions', 'contact_email', 'contact_phone', 'address',
    'social_links', 'comments_enabled', 'tickets_enabled', 'selling_enabled', 'vat_percent',
    'max_devices', 'device_removals_per_month', 'max_concurrent_streams',
  ],
  properties: {
    site_name: str,
    short_description: str,
    about_me: { type: 'string', description: 'Sanitized HTML' },
    terms_and_conditions: termsSchema.properties.terms_and_conditions,
    contact_email: nullableStr,
    contact_phone: { type: ['string', 'null'], description: 'E.164' },
    address: nullableStr,
    social_links: {
      type: 'object',
      description: 'http(s) URL per network; a missing key means no link.',
      properties: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, str])),
      additionalProperties: false,
    },
    comments_enabled: { type: 'boolean' },
    tickets_enabled: { type: 'boolean' },
    selling_enabled: { type: 'boolean' },
    vat_percent: { type: 'integer', minimum: 0, maximum: 100, description: 'Whole percent of VAT that prices include (issue 36 item 5); 0: none' },
    max_devices: { type: 'integer', minimum: 1, maximum: 20, description: "Devices a buyer's paid lessons play on (issue 38 item 1)" },
    device_removals_per_month: { type: 'integer', minimum: 0, maximum: 10, description: 'Devices a buyer may remove themselves in 30 days (issue 38 item 1)' },
    max_concurrent_streams: { type: 'integer', minimum: 1, maximum: 10, description: 'Lessons one account plays at once (issue 38 item 2)' },
  },
} as const;

/** Body of a dashboard bulk action (BulkActionBody of site.ts, issue 26): one of `actions`, 1 to BULK_MAX_IDS ids. */
export const bulkActionBodySchema = (actions: readonly string[]) =>
  ({
    type: 'object',
    required: ['action', 'ids'],
    additionalProperties: false,
    properties: {
      action: { type: 'string', enum: [...actions] },
      ids: { type: 'array', minItems: 1, maxItems: BULK_MAX_IDS, items: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    },
  }) as const;

/** BulkActionAnswer of site.ts (issue 26). */
export const bulkActionAnswerSchema = (actions: readonly string[]) =>
  ({
    type: 'object',
    required: ['message', 'data'],
    properties: {
      message: str,
      data: {
        type: 'object',
        required: ['action', 'ids', 'changed'],
        properties: { action: { type: 'string', enum: [...actions] }, ids: { type: 'array', items: int }, changed: { type: 'array', items: int } },
      },
    },
  }) as const;
