/**
 * The sms module's one door (issue 34 item 1): the SMS sender and its queue (issue 26). Another
 * module, a route, a plugin or the seed imports only this file of the module; lint refuses the others
 * (eslint.config.mjs).
 */
export { createSmsSender } from './sms-sender';
