/**
 * The mail module's one door (issue 34 item 1): the mailer and its queue, each user's mail
 * preferences and one-click unsubscribe (issue 26); the mailer's interface and
 * the mails' layout are lib/mail.ts, and each domain writes its own mails. Another module, a route,
 * a plugin or the seed imports only this file of the module; lint refuses the others
 * (eslint.config.mjs).
 */
export {
  getMailPreferences,
  type MailPreferences,
  readUnsubscribeToken,
  saveMailPreferences,
  unsubscribe,
  UNSUBSCRIBE_PATH,
  unsubscribePageHtml,
} from './mail-preferences';
export { createMailer } from './mailer';
export { MAIL_MESSAGES } from './messages';
