/**
 * The support module's one door (issue 34 item 1): links, announcements, site information and
 * settings, terms, and tickets with their threads and mail (SPEC §2, §3; issue 32). Another module, a
 * route, a plugin or the seed imports only this file of the module; lint refuses the others
 * (eslint.config.mjs).
 */
export {
  type AnnouncementListQuery,
  assertAnnouncementEditable,
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  listPublicAnnouncements,
  updateAnnouncement,
} from './announcements-service';
export { createLink, deleteLink, getLink, type LinkListQuery, listDashboardLinks, listLinks, updateLink } from './links-service';
export { assertSellingOpen, getSiteInformation, getTerms, saveSiteInformation, updateSiteInformation, updateTerms } from './support-service';
export { ticketsCsv } from './ticket-exports';
export { notifyNewTicket, notifyTicketAnswered } from './ticket-notifications';
export { getTicketThread, replyToTicket, setTicketClosed } from './ticket-threads';
export {
  assertCanSendTicket,
  countUnreadTickets,
  createTicket,
  listOwnTickets,
  listTickets,
  setTicketRead,
  setTicketsRead,
  TICKET_STATUSES,
  type TicketListQuery,
} from './tickets-service';
export { SUPPORT_MESSAGES, SUPPORT_CSV_TEXT } from './messages';
