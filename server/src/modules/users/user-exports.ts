/**
 * The dashboard users list as a CSV file (issue 26 "Exports", like issue 25's financial lists):
 * the rows of the list's own filters and sort, read by dashboard-users.ts, in the columns a
 * spreadsheet needs (lib/csv-export.ts). The wire `User` holds no password hash or token, so
 * neither can reach the file.
 */
import type { User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { csvDateColumns, csvMobile, type CsvColumn, type CsvExport } from '../../lib/csv-export';
import { USERS_CSV_TEXT } from './messages';
import { CSV_TEXT } from '../../lib/messages';
import { exportUsers, type UserListQuery } from './dashboard-users';

const H = USERS_CSV_TEXT.userColumns;
const USER_COLUMNS: Array<CsvColumn<User>> = [
  { header: H.id, cell: (user) => user.id },
  { header: H.fullName, cell: (user) => user.full_name },
  { header: H.email, cell: (user) => user.email },
  { header: H.mobile, cell: (user) => csvMobile(user.mobile) },
  { header: H.status, cell: (user) => USERS_CSV_TEXT.userStatuses[user.status] },
  { header: H.emailVerified, cell: (user) => CSV_TEXT.yesNo(user.is_email_verified) },
  { header: H.mobileVerified, cell: (user) => (user.mobile ? CSV_TEXT.yesNo(user.is_mobile_verified) : null) },
  { header: H.permissions, cell: (user) => user.permissions.map((permission) => permission.name).join(CSV_TEXT.listSeparator) },
  { header: H.commentPermission, cell: (user) => USERS_CSV_TEXT.commentPermissions[user.write_comment_status] },
  ...csvDateColumns<User>(H.barredUntil, (user) => user.comment_barred_until),
  { header: H.wayOfKnowing, cell: (user) => user.way_of_knowing_our_website },
  ...csvDateColumns<User>(H.createdAt, (user) => user.created_at),
];

/**
 * Users of the list's filters and sort (`GET /api/dashboard/users/export`) as `users-<Jalali date>.csv`:
 * one line per user with contacts, type, verified email and mobile, permissions, the comment
 * permission in force and the end of a temporary bar, how they found the site and when they joined.
 */
export function usersCsv(db: Db, query: Omit<UserListQuery, 'page' | 'per_page'>): CsvExport<User> {
  return { name: 'users', columns: USER_COLUMNS, rows: exportUsers(db, query) };
}
