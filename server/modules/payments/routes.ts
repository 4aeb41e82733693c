import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../jobs/queue';
import type { ServerModule } from '../../module';
import { JOB_CLOSE, JOB_REFUND, type RefundService } from './refunds';
import { registerNotifyRoutes } from './notify';
import { reconcilePayments } from './reconcile';
import { registerSandboxPaymentRoutes } from './sandbox';

/** The gateways' notify endpoints and, with the sandbox gateways in sandbox mode, their cashier and scan pages. */
export const paymentsModule: ServerModule = {
  name: 'payments',
  register(app, ctx) {
    const { alipay, wechat, sandbox } = ctx.gateways;
    registerNotifyRoutes(app, { orders: ctx.orders, alipay, wechat, db: ctx.db, clock: ctx.clock, refunds: ctx.refunds });
    modules.set(app, { refunds: ctx.refunds, jobs: ctx.jobs });
    ctx.jobs.register({
      kind: JOB_REFUND,
      leaseSeconds: 120,
      timeoutSeconds: 60,
      run: (job) => ctx.refunds.run(job),
      giveUp: (job, error) => ctx.refunds.giveUp(job, error),
    });
    ctx.jobs.register({
      kind: JOB_CLOSE,
      leaseSeconds: 60,
      timeoutSeconds: 30,
      run: (job) => ctx.refunds.runClose(job),
      giveUp: () => Promise.resolve(),
    });
    // Real gateways: orders whose notification did not come are asked about (every process; settling is idempotent).
    const every = ctx.config.PAYMENT_RECONCILE_SECONDS;
    if (!sandbox && every > 0) {
      const deps = { db: ctx.db, clock: ctx.clock, orders: ctx.orders, alipay, wechat, log: app.log, refunds: ctx.refunds };
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

const modules = new WeakMap<FastifyInstance, { refunds: RefundService; jobs: JobQueue }>();
/** The refunds and the job queue of an app (tests run the refund and close jobs directly). */
export const paymentsModuleOf = (app: FastifyInstance) => modules.get(app);
