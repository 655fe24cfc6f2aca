/**
 * Which marketing mails a user wants (issue 25 "Win-back"; issue 26 adds kinds to MAIL_KINDS) and
 * the one-click unsubscribe of RFC 8058. Owns `mail_opt_outs`: a row turns one kind off for one
 * user; no row means the mail is wanted. Each marketing mail carries `List-Unsubscribe` with a
 * link whose token is an HMAC (the app key) of the user and the kind, without expiry, and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client's POST unsubscribes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { MAIL_KINDS, type MailKind } from '@shop/contracts';
import type { Db } from '../../db/client';
import { mailOptOuts } from './tables';
import { MAIL_MESSAGES } from './messages';
import { escapeHtml, type Mailer, type MailMessage } from '../../lib/mail';

/** The path of the one-click unsubscribe (routes/site/mail-unsubscribe.ts). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** A user's choice per kind: true when the kind is wanted (the profile's switches). */
export type MailPreferences = Record<MailKind, boolean>;

/** True for a name of {@link MAIL_KINDS}. */
export const isMailKind = (value: unknown): value is MailKind => (MAIL_KINDS as readonly unknown[]).includes(value);

function mac(appKey: string, payload: string): Buffer {
  // The purpose in the MAC keeps other tokens signed with the app key from passing as this one.
  return createHmac('sha256', appKey).update(`mail-unsubscribe:${payload}`).digest();
}

/** The unsubscribe token of a user and a kind: `<user id>.<kind>.<HMAC, base64url>`; it never expires. */
export function unsubscribeToken(appKey: string, userId: number, kind: MailKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${mac(appKey, payload).toString('base64url')}`;
}

/** The user and kind a token was signed for, or null when it is tampered or malformed. */
export function readUnsubscribeToken(appKey: string, token: string): { userId: number; kind: MailKind } | null {
  const match = /^(\d{1,10})\.([a-z-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match as unknown as [string, string, string, string];
  const expected = mac(appKey, `${id}.${kind}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!isMailKind(kind)) return null;
  return { userId: Number(id), kind };
}

/** The absolute unsubscribe link of a user and a kind. */
export const unsubscribeLink = (appKey: string, origin: string, userId: number, kind: MailKind) =>
  `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(appKey, userId, kind))}`;

/** `message` with the RFC 8058 headers (`List-Unsubscribe` of `link`, `List-Unsubscribe-Post`) of a marketing mail. */
export function withUnsubscribe(message: MailMessage, link: string): MailMessage {
  return {
    ...message,
    headers: { ...message.headers, 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Queues the mail `build(link)` of `kind` to `userId` on `tx`, the transaction of the change that
 * causes it (Mailer.sendLater: rejects when the job row cannot be written), where `link` is its
 * absolute one-click unsubscribe link (from `origin`), with the RFC 8058 headers.
 */
export function sendWithUnsubscribe(
  mailer: Mailer,
  tx: Db,
  appKey: string,
  origin: string,
  recipient: { userId: number; kind: MailKind },
  build: (unsubscribeLink: string) => MailMessage,
): Promise<void> {
  const link = unsubscribeLink(appKey, origin, recipient.userId, recipient.kind);
  return mailer.sendLater(tx, withUnsubscribe(build(link), link));
}

/** `GET /api/profile/mail-preferences`: every kind of MAIL_KINDS, true unless the user turned it off. */
export async function getMailPreferences(db: Db, userId: number): Promise<MailPreferences> {
  const rows = await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.user_id, userId));
  const off = new Set(rows.map((row) => row.kind));
  return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, !off.has(kind)])) as MailPreferences;
}

/** True when the user has not turned the kind off. */
export async function wantsMail(db: Db, userId: number, kind: MailKind): Promise<boolean> {
  const [row] = await db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.user_id, userId), eq(mailOptOuts.kind, kind)));
  return !row;
}

/**
 * `PUT /api/profile/mail-preferences`: turns each kind given on (true) or off (false); kinds not
 * given keep their state. Answers the preferences after the change.
 */
export async function saveMailPreferences(db: Db, userId: number, changes: Partial<MailPreferences>): Promise<MailPreferences> {
  const kinds = MAIL_KINDS.filter((kind) => typeof changes[kind] === 'boolean');
  const off = kinds.filter((kind) => changes[kind] === false);
  const on = kinds.filter((kind) => changes[kind] === true);
  await db.transaction(async (tx) => {
    if (off.length > 0) await tx.insert(mailOptOuts).values(off.map((kind) => ({ user_id: userId, kind }))).onConflictDoNothing();
    if (on.length > 0) await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.user_id, userId), inArray(mailOptOuts.kind, on)));
  });
  return getMailPreferences(db, userId);
}

/** Turns one kind off for a user (the one-click unsubscribe); doing it again changes nothing. */
export async function unsubscribe(db: Db, userId: number, kind: MailKind): Promise<void> {
  await saveMailPreferences(db, userId, { [kind]: false });
}

/**
 * The unsubscribe page (issue 25): self-contained Persian RTL HTML without script. With `form`, a
 * button that POSTs `List-Unsubscribe=One-Click` to `form.action` (a GET never unsubscribes: link
 * scanners follow links); else only the message.
 */
export function unsubscribePageHtml(message: string, form?: { action: string; button: string }): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(MAIL_MESSAGES.unsubscribeTitle)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f6f8;font-family:Vazirmatn,Tahoma,sans-serif;color:#1c2025}
main{background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px;max-width:420px;width:90%;text-align:center;line-height:1.9}
h1{font-size:1.3rem;margin:0 0 12px}p{color:#444;margin:0 0 20px}
button{font:inherit;padding:10px 28px;border:0;border-radius:8px;background:#c62828;color:#fff;font-weight:700;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(MAIL_MESSAGES.unsubscribeTitle)}</h1>
<p>${escapeHtml(message)}</p>
${button}
</main>
</body>
</html>
`;
}
