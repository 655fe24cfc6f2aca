/**
 * What a module needs to send an SMS: the message and the sender's interface (`app.sms`, made by
 * the sms module: SMS.ir, or the embedded outbox folder). Every outside service behind one
 * interface with an embedded default (STYLE.md; issue 34 item 4).
 */

/**
 * Which text a message is: a sign-in or verification code (parameter `CODE`), or the reminder of a
 * part of a course bought in parts falling due (issue 36 item 2: `COURSE`, `AMOUNT`, `DATE`). A provider
 * with templates (sms.ir) sends each kind with its own template and these parameters.
 */
export type SmsTemplate = 'sign-in-code' | 'instalment-reminder';

/** One message: the E.164 number, the Persian text (the outbox's), its template and the template's parameters. */
export interface SmsMessage {
  to: string;
  text: string;
  template: SmsTemplate;
  parameters: Record<string, string>;
  /** ISO instant after which the message is useless and is dropped instead of sent. */
  expiresAt: string;
}

/** Sends SMS in the background; available as `app.sms`. */
export interface SmsSender {
  /**
   * Queues `message` and wakes the worker. Resolves once queued, or once a failure to queue it is
   * logged: never rejects, since the caller's change is committed already (asking again recovers).
   */
  sendLater(message: SmsMessage): Promise<void>;
  /** Resolves when no queued message is waiting or being sent (tests). */
  idle(): Promise<void>;
  /** Stops taking queued messages (the queue keeps what is left). */
  close(): Promise<void>;
}
