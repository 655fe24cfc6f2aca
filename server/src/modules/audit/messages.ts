/**
 * The audit module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */
import { AUDIT_ACTION_NAMES, AUDIT_ENTITY_NAMES } from '@shop/contracts';

/** The Persian texts the audit module and its routes answer with. */
export const AUDIT_MESSAGES = {
  /** The actor of an audit entry that nobody signed in made: a refused sign-in (issue 31 item 7). */
  auditUnknownActor: 'ناشناس',
  jalaliDateInvalid: 'تاریخ را به شکل سال-ماه-روز شمسی بنویسید، مانند ۱۴۰۵-۰۹-۰۵.',
  dateRangeInverted: 'تاریخ پایان نباید پیش از تاریخ شروع باشد.',
} as const;

/** The Persian headers and values of the audit module's CSV exports (issue 25 "Exports"; lib/csv-export.ts). */
export const AUDIT_CSV_TEXT = {
  auditColumns: {
    id: 'شماره',
    at: 'زمان',
    actorId: 'شناسه کاربر',
    actor: 'کاربر',
    ip: 'نشانی IP',
    entity: 'نوع مورد',
    entityId: 'شناسه مورد',
    action: 'عملیات',
    before: 'پیش از تغییر (JSON)',
    after: 'پس از تغییر (JSON)',
  },
  auditEntities: AUDIT_ENTITY_NAMES,
  auditActions: AUDIT_ACTION_NAMES,
} as const;
