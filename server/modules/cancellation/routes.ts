import { cancellationApplyRequest, cancellationStatusSchema, emptyBody, sendSmsResponse } from '../../../contracts/index';
import type { AppContext } from '../../context';
import { defineRoute, type RouteDefinition } from '../../http/route';
import type { ServerModule } from '../../module';
import { runCancellationJob } from './erase';
import { CancellationService } from './service';

const TAG = 'account';

/** Account cancellation: every call acts on the session's own account; none takes an account id. */
export function cancellationRoutes(ctx: AppContext): RouteDefinition[] {
  const service = new CancellationService(ctx);
  return [
    defineRoute({
      method: 'POST',
      url: '/api/user/cancellation/status',
      summary: 'Cancellation state of the account: none or pending (with its due time), and the open obligations that block it',
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: cancellationStatusSchema,
      handler: ({ session }) => service.status(session.userId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/cancellation/sendCode',
      summary: "Sends the confirmation code to the account's phone; refused while obligations are open or a request is pending",
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: sendSmsResponse,
      successMessage: 'smsSent',
      handler: ({ session, request }) => service.sendCode(session.userId, request.ip, request.translator),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/cancellation/apply',
      summary:
        'Confirms the cancellation with the SMS code; the data is deleted after the cooling-off period (ACCOUNT_CANCEL_COOLING_OFF_DAYS)',
      tag: TAG,
      auth: true,
      body: cancellationApplyRequest,
      response: cancellationStatusSchema,
      successMessage: 'accountCancellation:applied',
      handler: ({ session, body }) => service.apply(session.userId, body.smsCode),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/cancellation/withdraw',
      summary: 'Withdraws the pending cancellation (during the cooling-off period)',
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: cancellationStatusSchema,
      successMessage: 'accountCancellation:withdrawn',
      handler: ({ session }) => service.withdraw(session.userId),
    }),
  ];
}

export const cancellationModule: ServerModule = {
  name: 'cancellation',
  register(app, ctx) {
    ctx.addRoutes(cancellationRoutes(ctx));
    const every = ctx.config.ACCOUNT_CANCEL_JOB_SECONDS;
    if (every <= 0) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      runCancellationJob(ctx)
        .then((report) => {
          if (report.erased + report.blocked > 0) app.log.info({ cancellation: report }, 'account cancellation job done');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'account cancellation job failed; retried at the next run'))
        .finally(() => {
          running = false;
        });
    }, every * 1000);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      done();
    });
  },
};
