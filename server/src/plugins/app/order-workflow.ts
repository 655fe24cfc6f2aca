/**
 * The shop's order workflow (issue 34 item 3; modules/commerce/order-workflow.ts): `app.orderWorkflow`,
 * whose steps run in the transaction of every change of an order (payments, staff's payment status,
 * courses given by hand, refunds), with the app's mailer and public origin for its mails.
 */
import fp from 'fastify-plugin';
import { createOrderWorkflow, type OrderWorkflow } from '../../modules/commerce';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order workflow: what follows an order paid, a course's ownership changed, an item refunded. */
    orderWorkflow: OrderWorkflow;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'orderWorkflow',
      createOrderWorkflow({ mailer: app.mailer, origin: app.settings.publicUrl }, { refundWindowDays: app.settings.refundWindowDays }),
    );
  },
  { name: 'order-workflow', dependencies: ['mail'] },
);
