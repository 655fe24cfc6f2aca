/**
 * The text drawn over a lesson while it plays (issue 24 "the buyer's identity … drawn over the
 * video"): enough of the viewer's mobile or email to name them in a screen recording, never all
 * of it. Latin digits; the player shows them in Persian digits.
 */
import type { User } from '@shop/contracts';

/** An Iranian mobile as stored (E.164 `+98…`) or typed (`0098…`, `98…`, `09…`). */
const IRANIAN_MOBILE = /^(?:\+98|0098|98|0)?(9\d{9})$/;

/**
 * The viewer's mobile (national form for an Iranian one) with all but its first and last four
 * digits hidden, else the email with all but the first two characters of its name hidden.
 *
 * @example viewerWatermark({ mobile: '+989121234567', email: 'user@example.com' }) // '0912***4567'
 * @example viewerWatermark({ mobile: null, email: 'user@example.com' }) // 'us***@example.com'
 */
export function viewerWatermark(user: Pick<User, 'mobile' | 'email'>): string {
  if (user.mobile) {
    const iranian = IRANIAN_MOBILE.exec(user.mobile);
    const mobile = iranian ? `0${iranian[1]}` : user.mobile;
    return `${mobile.slice(0, 4)}***${mobile.slice(-4)}`;
  }
  const at = user.email.lastIndexOf('@');
  const name = user.email.slice(0, Math.max(at, 0));
  // A one- or two-letter name keeps only its first letter, so something is always hidden.
  return `${name.slice(0, name.length > 2 ? 2 : 1)}***${user.email.slice(at)}`;
}
