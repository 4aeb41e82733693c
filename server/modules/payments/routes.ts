import type { ServerModule } from '../../module';
import { registerNotifyRoutes } from './notify';
import { reconcilePayments } from './reconcile';
import { registerSandboxPaymentRoutes } from './sandbox';

/** The gateways' notify endpoints and, with the sandbox gateways in sandbox mode, their cashier and scan pages. */
export const paymentsModule: ServerModule = {
  name: 'payments',
  register(app, ctx) {
    const { alipay, wechat, sandbox } = ctx.gateways;
    registerNotifyRoutes(app, { orders: ctx.orders, alipay, wechat, db: ctx.db, clock: ctx.clock });
    // Real gateways: orders whose notification did not come are asked about (every process; settling is idempotent).
    const every = ctx.config.PAYMENT_RECONCILE_SECONDS;
    if (!sandbox && every > 0) {
      const deps = { db: ctx.db, clock: ctx.clock, orders: ctx.orders, alipay, wechat, log: app.log };
      const timer = setInterval(() => {
        reconcilePayments(deps, ctx.config.PAYMENT_RECONCILE_AFTER_SECONDS * 1000).catch((error: unknown) =>
          app.log.error({ err: error }, 'payment reconciliation failed'),
        );
      }, every * 1000);
      timer.unref();
      app.addHook('onClose', (_instance, done) => {
        clearInterval(timer);
        done();
      });
    }
    if (sandbox && ctx.config.APP_MODE === 'sandbox') {
      registerSandboxPaymentRoutes(app, { db: ctx.db, clock: ctx.clock, translator: ctx.translator, orders: ctx.orders, ...sandbox });
    }
  },
};
