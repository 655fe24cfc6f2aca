/**
 * The app's own plugins, loaded after the outside services' and before the routes, in this order:
 * mail and SMS, the order workflow, the background workers (stored files, transcoding, the identification of leaked copies, unpaid reminders, comment
 * notices, audit pruning, the access reconciliation, the instalment reminders, the «session opened» mails), the stream registry (issue 38), then the request pipeline (errors, input and disk guards, metrics,
 * CSRF, route access, the public cache), and the sales agents' link cookie. The static site is registered last of all, by app.ts.
 */
import fp from 'fastify-plugin';
import { registryOf } from '../../lib/plugin-registry';
import mailPlugin from './mail';
import smsPlugin from './sms';
import orderWorkflowPlugin from './order-workflow';
import storedFilesPlugin from './stored-files';
import transcoderPlugin from './transcoder';
import forensicIdentifierPlugin from './forensic-identifier';
import unpaidRemindersPlugin from './unpaid-reminders';
import commentNoticesPlugin from './comment-notices';
import auditPruningPlugin from './audit-pruning';
import accessReconciliationPlugin from './access-reconciliation';
import instalmentRemindersPlugin from './instalment-reminders';
import sessionOpenMailsPlugin from './session-open-mails';
import streamRegistryPlugin from './stream-registry';
import agentReferralPlugin from './agent-referral';
import errorHandlerPlugin from './error-handler';
import inputGuardPlugin from './input-guard';
import diskGuardPlugin from './disk-guard';
import metricsPlugin from './metrics';
import csrfPlugin from './csrf';
import routeAccessPlugin from './route-access';
import publicCachePlugin from './public-cache';

export default fp(
  registryOf('app-plugins', [
    mailPlugin,
    smsPlugin,
    orderWorkflowPlugin,
    storedFilesPlugin,
    transcoderPlugin,
    forensicIdentifierPlugin,
    unpaidRemindersPlugin,
    commentNoticesPlugin,
    auditPruningPlugin,
    accessReconciliationPlugin,
    instalmentRemindersPlugin,
    sessionOpenMailsPlugin,
    streamRegistryPlugin,
    agentReferralPlugin,
    errorHandlerPlugin,
    inputGuardPlugin,
    diskGuardPlugin,
    metricsPlugin,
    csrfPlugin,
    routeAccessPlugin,
    publicCachePlugin,
  ]),
  { name: 'app-plugins', dependencies: ['external-plugins'] },
);
