/**
 * The one user search of the dashboards (issue 7 "Dashboard users"; issue 6 buyer search): a text
 * in the full name, the email or ANY part of the mobile. Used by the users list, the tickets list
 * and the financial lists alike (through user-contacts.ts).
 */
import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from './tables';
import { escapeLike, normalizePersianText } from '../../lib/text';

/** Iran's country code: a local number `09…` is stored in E.164 as `+989…` (SPEC §5, Iran by default). */
const IRAN_PREFIX = '+98';

/** A query that is a phone number or a part of one: digits, with optional `+`, spaces, dashes, dots, brackets. */
const PHONE_QUERY = /^\+?[\s\-().]*[0-9][0-9\s\-().]*$/;

/**
 * The forms a phone query may take in the stored E.164 mobile: the digits as typed (spaces and
 * dashes stripped), and for a local `0…` or international `00…` prefix also the `+98…` / `+…` form.
 * @example mobileForms('۰۹۱۲ ۱۲۳') → ['0912123', '+98912123']
 * @returns an empty list when the query is not a phone number.
 */
export function mobileForms(normalizedQuery: string): string[] {
  if (!PHONE_QUERY.test(normalizedQuery)) return [];
  const digits = normalizedQuery.replace(/[^0-9+]/g, '');
  if (digits.startsWith('00')) return [digits, `+${digits.slice(2)}`];
  if (digits.startsWith('0')) return [digits, `${IRAN_PREFIX}${digits.slice(1)}`];
  return [digits];
}

/**
 * SQL that is true for the users whose full name, email or mobile contains `q`, or undefined for
 * an empty query. `q` may be raw input: Persian and Arabic-Indic digits become Latin and Arabic
 * ي/ك become Persian (stored names are normalized the same way); a phone query also matches
 * its E.164 forms (see {@link mobileForms}), so «۰۹۱۲», «٠٩١٢», «0912» and «912» all find
 * `+98912…`. LIKE wildcards in `q` are matched literally.
 */
export function userMatches(q: string): SQL | undefined {
  const text = normalizePersianText(q);
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const mobiles = mobileForms(text).map((form) => ilike(users.mobile, `%${escapeLike(form)}%`));
  return or(
    ilike(users.full_name, pattern),
    ilike(users.email, pattern),
    ...(mobiles.length > 0 ? mobiles : [ilike(users.mobile, pattern)]),
  );
}
