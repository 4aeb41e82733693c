import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Translator } from '../../i18n';
import type { ServerModule } from '../../module';
import type { SandboxSmsProvider } from '../../providers/sms';
import { registerSandboxCaptchaRoute } from './captcha-log';
import { renderSmsPage } from './sms-page';

const outboxQuery = z.object({ phone: z.string().trim().max(20).optional() });

/** The sandbox SMS outbox for the person trying the app (HTML) and for tests (JSON). Not part of the API. */
export function registerSandboxRoutes(app: FastifyInstance, outbox: SandboxSmsProvider, translator: Translator): void {
  const read = async (query: unknown) => {
    const parsed = outboxQuery.safeParse(query);
    const phone = parsed.success && parsed.data.phone ? parsed.data.phone : undefined;
    return { phone, entries: await outbox.outbox(phone ? { phone } : {}) };
  };

  app.get('/sandbox/sms', async (request, reply) => {
    const { phone, entries } = await read(request.query);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderSmsPage(translator.t, entries, phone));
  });

  app.get('/sandbox/sms.json', async (request, reply) => {
    const { entries } = await read(request.query);
    return reply.header('cache-control', 'no-store').send({
      list: entries.map((e) => ({ phone: e.phone, text: e.text, sentAt: e.sentAt.toISOString() })),
    });
  });
}

/** Sandbox mode's helpers for people and browser tests: the SMS outbox and the recent captchas' answers. */
export const sandboxModule: ServerModule = {
  name: 'sandbox',
  register(app, ctx) {
    if (ctx.sandboxSms) registerSandboxRoutes(app, ctx.sandboxSms, ctx.translator);
    if (ctx.sandboxCaptchas) registerSandboxCaptchaRoute(app, ctx.sandboxCaptchas);
  },
};
