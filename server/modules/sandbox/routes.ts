import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Translator } from '../../i18n';
import type { ServerModule } from '../../module';
import type { SandboxSmsProvider } from '../../providers/sms';
import { registerSandboxCaptchaRoute } from './captcha-log';
import { renderSmsPage } from './sms-page';
import type { FileStore } from '../../files/store';
import { contentDisposition } from '../../files/links';
import type { SandboxMailProvider } from '../../providers/mail';
import { renderMailPage } from './mail-page';

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

/** The sandbox mail outbox (MAIL_PROVIDER=sandbox): the page, its JSON twin for tests, and each attachment. */
export function registerSandboxMailRoutes(
  app: FastifyInstance,
  outbox: SandboxMailProvider,
  store: FileStore,
  translator: Translator,
): void {
  app.get('/sandbox/mail', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailPage(translator.t, await outbox.outbox())),
  );

  app.get('/sandbox/mail.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({
      list: (await outbox.outbox()).map((e) => ({
        id: e.id,
        to: e.to,
        subject: e.subject,
        text: e.text,
        attachments: e.attachments.map((a, index) => ({
          name: a.name,
          type: a.type,
          size: a.size,
          url: `/sandbox/mail/${e.id}/attachments/${index}`,
        })),
        sentAt: e.sentAt.toISOString(),
      })),
    }),
  );

  app.get<{ Params: { id: string; index: string } }>('/sandbox/mail/:id/attachments/:index', async (request, reply) => {
    const id = Number(request.params.id);
    const index = Number(request.params.index);
    const entry = Number.isSafeInteger(id) && id > 0 && Number.isSafeInteger(index) ? await outbox.entry(id) : null;
    const file = entry?.attachments[index];
    if (!file || !(await store.has(file.key)))
      return reply.status(404).send({ code: 404, msg: translator.t('errors:notFound'), data: null });
    const { stream, size } = await store.open(file.key);
    return reply
      .header('content-type', file.type)
      .header('content-length', size)
      .header('content-disposition', contentDisposition(file.name))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
}

/** Sandbox mode's helpers for people and browser tests: the SMS outbox and the recent captchas' answers. */
export const sandboxModule: ServerModule = {
  name: 'sandbox',
  register(app, ctx) {
    if (ctx.sandboxSms) registerSandboxRoutes(app, ctx.sandboxSms, ctx.translator);
    if (ctx.invoiceMail.sandbox) registerSandboxMailRoutes(app, ctx.invoiceMail.sandbox, ctx.invoiceMail.store, ctx.translator);
    if (ctx.sandboxCaptchas) registerSandboxCaptchaRoute(app, ctx.sandboxCaptchas);
  },
};
