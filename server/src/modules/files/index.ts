/**
 * The files module's one door (issue 34 item 1): stored files kept in step with the rows that name
 * them, and the writer's lease (issue 10). Another module, a route, a plugin or the seed imports only
 * this file of the module; lint refuses the others (eslint.config.mjs).
 */
export { TrackedStoredFiles } from './stored-files';
export { postgresLease, soleProcessLease } from './writer-lease';
export { FILES_MESSAGES } from './messages';
