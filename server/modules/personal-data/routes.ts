import { personalDataRequest, personalDataStatusResponse, signedLinkResponse } from '../../../contracts/index';
import { contentDisposition } from '../../files/links';
import { openStore } from '../../files/stores';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { formatChinaTime } from '../../lib/time';
import type { ModuleContext, ServerModule } from '../../module';
import { reasonKey } from '../capture/index';
import { DOWNLOAD_PATH, JOB_EXPORT, JOB_PURGE, PersonalDataService } from './service';

const TAG = 'personal-data';

/**
 * A copy of one's personal data: `POST /api/personalData/start`, `POST /api/personalData/status`
 * (polled by the settings page while the copy is made), `POST /api/personalData/downloadLink` (the signed-in owner's
 * one-time link, a minute) and the download it leads to, `GET /api/personalData/download`.
 */
export const personalDataModule: ServerModule = {
  name: 'personal-data',
  register(app, ctx: ModuleContext) {
    const t = ctx.translator;
    const store = openStore(ctx.config, 'personalData');
    const service = new PersonalDataService({
      ctx,
      jobs: ctx.jobs,
      store,
      sealStore: openStore(ctx.config, 'signatures'),
      collect: {
        openFields: (userId, sealed) => ctx.kyc.service.fieldsOf(userId, sealed),
        captureReason: (reason) => t.t(reasonKey(reason)),
      },
    });
    ctx.jobs.register({
      kind: JOB_EXPORT,
      leaseSeconds: 180,
      timeoutSeconds: 120,
      run: (job) => service.runExport(job),
      giveUp: (job) => service.giveUp(job),
    });
    ctx.jobs.register({
      kind: JOB_PURGE,
      leaseSeconds: 120,
      timeoutSeconds: 60,
      run: (job) => service.purge(job),
      giveUp: () => Promise.resolve(),
    });
    ctx.addRoutes([
      defineRoute({
        method: 'POST',
        url: '/api/personalData/start',
        summary:
          "Starts a copy of the caller's personal data (a zip made in the background); answers the export in progress when there is one",
        tag: TAG,
        auth: true,
        body: personalDataRequest,
        response: personalDataStatusResponse,
        handler: async ({ session }) => ({ export: await service.start(session.userId) }),
      }),
      defineRoute({
        method: 'POST',
        url: '/api/personalData/status',
        summary: "The caller's latest copy of their personal data: state, progress, size and until when it is kept",
        tag: TAG,
        auth: true,
        body: personalDataRequest,
        response: personalDataStatusResponse,
        handler: async ({ session }) => ({ export: await service.latest(session.userId) }),
      }),
      defineRoute({
        method: 'POST',
        url: '/api/personalData/downloadLink',
        summary:
          "A link to the caller's ready copy, made for this session: valid 60 seconds and for one download (the page asks for it when the user clicks download); 404 when no copy is ready",
        tag: TAG,
        auth: true,
        body: personalDataRequest,
        response: signedLinkResponse,
        handler: async ({ session }) => (await service.link(session.userId)) ?? Promise.reject(notFound('personal-data:linkGone')),
      }),
    ]);
    // The one-time link is the permission; a guessed, altered, expired or used link, or one whose file is gone,
    // answers 404 alike.
    app.get(DOWNLOAD_PATH, async (request, reply) => {
      const row = await service.download(request.query);
      if (!row?.file_key) return reply.status(404).send({ code: 404, msg: request.translator.t('personal-data:linkGone'), data: null });
      const { stream, size } = await store.open(row.file_key);
      const stamp = formatChinaTime(row.created_at, 'YYYYMMDD');
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', size)
        .header('content-disposition', contentDisposition(request.translator.t('personal-data:zipName', { date: stamp })))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    });
  },
};
