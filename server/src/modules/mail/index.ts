/**
 * The mail module's one door (issue 34 item 1): the mailer and its queue, each user's mail
 * preferences and one-click unsubscribe, and the throttles (issue 26); the mailer's interface and
 * the mails' layout are lib/mail.ts, and each domain writes its own mails. Another module, a route,
 * a plugin or the seed imports only this file of the module; lint refuses the others
 * (eslint.config.mjs).
 */
export {
  getMailPreferences,
  type MailPreferences,
  readUnsubscribeToken,
  saveMailPreferences,
  sendWithUnsubscribe,
  unsubscribe,
  UNSUBSCRIBE_PATH,
  unsubscribeLink,
  unsubscribePageHtml,
  wantsMail,
  withUnsubscribe,
} from './mail-preferences';
export { markSent, nextSendAt, peekNextSendAt } from './mail-throttle';
export { createMailer } from './mailer';
