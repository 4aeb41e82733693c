import type { ServerModule } from '../../module';
import { registerNotifyRoutes } from './notify';
import { registerSandboxPaymentRoutes } from './sandbox';

/** The gateways' notify endpoints and, with the sandbox gateways in sandbox mode, their cashier and scan pages. */
export const paymentsModule: ServerModule = {
  name: 'payments',
  register(app, ctx) {
    registerNotifyRoutes(app, { orders: ctx.orders, ...ctx.gateways, clock: ctx.clock });
    if (ctx.config.PAYMENT_PROVIDER === 'sandbox' && ctx.config.APP_MODE === 'sandbox') {
      registerSandboxPaymentRoutes(app, { db: ctx.db, clock: ctx.clock, translator: ctx.translator, orders: ctx.orders, ...ctx.gateways });
    }
  },
};
