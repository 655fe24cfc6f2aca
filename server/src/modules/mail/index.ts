/**
 * The mail module's one door (issue 34 item 1): the mailer and its queue, the mails' templates, each
 * user's mail preferences and one-click unsubscribe, and the throttles (issue 26). Another module, a
 * route, a plugin or the seed imports only this file of the module; lint refuses the others
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
export { createMailer, type Mailer, type MailMessage } from './mailer';
export {
  commentApprovedMail,
  commentReplyMail,
  newTicketMail,
  pendingCommentsDigestMail,
  receiptMail,
  refundMail,
  type ReplyOfMail,
  resetCodeMail,
  ticketAnswerMail,
  unpaidReminderMail,
  verificationMail,
} from './templates';
