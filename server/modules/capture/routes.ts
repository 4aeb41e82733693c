import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  captureDetailQuery,
  captureDetailResponse,
  captureIdQuery,
  captureIdRequest,
  captureItemSchema,
  captureLabelsQuery,
  captureListQuery,
  captureListResponse,
  captureOtherQuery,
  captureOtherResponse,
  capturePricesResponse,
  emptyBody,
  labelListResponse,
  mobileUploadFields,
  processFrameQuery,
  processFrameResponse,
  processInputRequest,
  processInputResponse,
  processSessionSchema,
  processStartRequest,
  webCaptureRequest,
  webCaptureResponse,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import type { JobQueue } from '../../jobs/queue';
import { tokenFrom } from '../auth/index';
import { findByBaoquan } from '../evidence/index';
import { EvidenceService, missing, type CertificateView } from '../evidence/index';
import { captureById, captureLabels, KIND_OF_TYPE, listCaptures } from './repository';
import { registerCaptureJobs } from './runners';
import { CaptureService } from './service';
import { ProcessSessions } from './sessions';
import { SESSION_CALLS, SessionForwarder } from './forward';
import type { ServerModule } from '../../module';
import { isOctetStream, readMultipartUpload, readRawUpload } from '../../http/upload';
import { MobileRecordings } from './mobile-recording';
import { mobileRecordingRoutes } from './mobile-recording-routes';

const TAG = 'capture';
const captureMissing = () => notFound('capture:notFound');

export interface CaptureModule {
  routes: RouteDefinition[];
  service: CaptureService;
  sessions: ProcessSessions;
  /** Mobile recordings made in the phone's browser, sent in pieces. */
  recordings: MobileRecordings;
  /** Starts the in-process worker and the session sweeper; closes browsers and sessions with the app. */
  register(app: FastifyInstance): void;
}

/** Online evidence collection: web captures, recorded sessions, app uploads, the collection lists. */
function captureRoutes(ctx: AppContext, evidence: EvidenceService, jobs: JobQueue, log: FastifyInstance['log']): CaptureModule {
  const service = new CaptureService(ctx, evidence, jobs);
  registerCaptureJobs(service, ctx, log);
  const sessions = new ProcessSessions(ctx, service, log);
  const forwarder = new SessionForwarder(ctx, sessions, log);
  const recordings = new MobileRecordings(ctx, service);

  /** Who may see a collected record: its owner, a holder of the owner's extraction code, or anyone (limited). */
  const viewOf = async (request: FastifyRequest, baoquan: string, code: string | undefined) => {
    const row = await findByBaoquan(ctx.db, baoquan);
    if (!row) throw missing();
    const session = await ctx.sessions.resolve(tokenFrom(request.headers.authorization));
    let view: CertificateView = 'limited';
    if (session?.userId === row.user_id) view = 'owner';
    else if (code) {
      await evidence.checkCode(request, row, code);
      view = 'shared';
    }
    return { row, view };
  };

  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'GET',
      url: '/api/capture/prices',
      summary: 'What a web capture (per address), a recorded session and an app upload cost, in points; shown before the user confirms',
      tag: TAG,
      auth: true,
      query: emptyBody,
      response: capturePricesResponse,
      handler: () => service.prices(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/web',
      summary:
        'Queues one web capture per address (urls: one per line, at most 10; title; label). Refused at once: a literal private or loopback address (unless CAPTURE_ALLOW_PRIVATE), and a balance that cannot cover the price on top of the open captures. Charged when preserved; a failed capture costs nothing',
      tag: TAG,
      auth: true,
      body: webCaptureRequest,
      response: webCaptureResponse,
      successMessage: 'capture:queued',
      handler: async ({ session, body }) => service.submitWeb(session.userId, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/Evidences/listing',
      summary:
        "The caller's collected evidence of one type (2 process, 3 web, 4 mobile), newest first, 20 a page, with captures still queued, running or failed; filters: label, keyword (title or address), startTime..endTime (epoch s, inclusive), appType=1 (app records), done=1 (preserved only)",
      tag: TAG,
      auth: true,
      query: captureListQuery,
      response: captureListResponse,
      handler: async ({ session, query }) => {
        const userId = session.userId;
        const kind = KIND_OF_TYPE[query.type];
        if (query.appType === 1 && kind !== 'mobile') return { count: 0, list: [] };
        const { count, rows } = await listCaptures(ctx.db, userId, {
          kind,
          label: query.label || undefined,
          keyword: query.keyword || undefined,
          startTime: query.startTime,
          endTime: query.endTime,
          doneOnly: query.done === 1,
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        });
        return { count, list: await service.toItems(rows) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/capture/labels',
      summary: "The labels of the caller's captures of one type (the label filter of the collection lists)",
      tag: TAG,
      auth: true,
      query: captureLabelsQuery,
      response: labelListResponse,
      handler: async ({ session, query }) => ({ list: await captureLabels(ctx.db, session.userId, KIND_OF_TYPE[query.type]) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/capture/item',
      summary:
        'One capture of the caller with its state, failure reason, jobs ahead in the queue and, once preserved, its record (the queue pages poll it)',
      tag: TAG,
      auth: true,
      query: captureIdQuery,
      response: captureItemSchema,
      handler: async ({ session, query }) => (await service.item(session.userId, query.id)) ?? Promise.reject(captureMissing()),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/Evidences/detail',
      summary:
        'A collected record by preservation number: what was captured (web: address, resolved address, status, title, TLS, redirects, headers; process: action log; mobile: forensics) and the SHA-256 of each bundle part. Full for the owner or with the extraction code `code`; anyone else sees the hashes and times only',
      tag: TAG,
      auth: false,
      query: captureDetailQuery,
      response: captureDetailResponse,
      handler: async ({ query, request }) => {
        const { row, view } = await viewOf(request, query.baoquan, query.code);
        return service.detail(row, view);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/evidences/other',
      summary:
        "Signed links (1 hour) of a collected record's parts: screenshot, rendered HTML, HTTP exchange, video, action log, app media, and the whole bundle; for the owner or with the extraction code, an empty list for anyone else",
      tag: TAG,
      auth: false,
      query: captureOtherQuery,
      response: captureOtherResponse,
      handler: async ({ query, request }) => {
        const { row, view } = await viewOf(request, query.baoquan, query.code);
        return { list: view === 'limited' ? [] : await service.parts(row) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/process/start',
      summary:
        'Opens a recorded remote browser session on the address (url, title, label): one per user across all processes, CAPTURE_PROCESS_MAX_SESSIONS per process; the balance must cover the price. An address that cannot be opened ends it at once with the reason. The session lives in this process; its calls (frame, input, stop, cancel) reaching another process are forwarded here',
      tag: TAG,
      auth: true,
      body: processStartRequest,
      response: processSessionSchema,
      handler: async ({ session, body }) => sessions.start(session.userId, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/capture/process/frame',
      summary:
        "The session's newest screen (JPEG data URL) when newer than `after`, its elapsed time and action count; polled by the page, which keeps the session alive. An ended session answers its state and no frame",
      tag: TAG,
      auth: true,
      query: processFrameQuery,
      response: processFrameResponse,
      handler: async ({ session, query }) => {
        const userId = session.userId;
        if (!sessions.holds(userId, query.id)) {
          const row = await captureById(ctx.db, query.id);
          if (!row || row.user_id !== userId || row.kind !== 'process') throw captureMissing();
          return { state: row.state, seq: null, frame: null, elapsedMs: (row.duration_seconds ?? 0) * 1000, actions: 0 };
        }
        const frame = sessions.frame(userId, query.id, query.after);
        return {
          state: 'recording' as const,
          seq: frame.seq,
          frame: 'jpeg' in frame ? `data:image/jpeg;base64,${frame.jpeg.toString('base64')}` : null,
          elapsedMs: frame.elapsedMs,
          actions: frame.actions,
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/process/input',
      summary:
        'One action in the remote browser, in page pixels of its 1280x800 screen: click {x,y}, text {text}, key {key}, scroll {x,y,deltaY}, navigate {url}, back; each is logged with its time',
      tag: TAG,
      auth: true,
      body: processInputRequest,
      response: processInputResponse,
      handler: async ({ session, body }) => sessions.input(session.userId, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/process/stop',
      summary:
        'Ends the recording; it is encoded (WebM) and preserved with its action log by a job (state processing, then done or failed)',
      tag: TAG,
      auth: true,
      body: captureIdRequest,
      response: captureItemSchema,
      successMessage: 'capture:stopped',
      handler: async ({ session, body }) => {
        const userId = session.userId;
        await sessions.stop(userId, body.id);
        return (await service.item(userId, body.id)) ?? Promise.reject(captureMissing());
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/process/cancel',
      summary: 'Discards an open session (the user left): nothing is preserved or charged',
      tag: TAG,
      auth: true,
      body: captureIdRequest,
      response: z.null(),
      handler: async ({ session, body }) => {
        await sessions.cancel(session.userId, body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/capture/mobile/upload',
      summary:
        'For the mobile app: preserves one piece of evidence (photo, video, audio, screen recording) with its forensics (appAddress, appType, duration, configName, configModelName, configVersion, configProcessor, configCore). Either the file as the whole body (Content-Type application/octet-stream, the fields in the query) or multipart with the fields before the `file` part. Charged CAPTURE_MOBILE_POINTS; listed as type 4',
      tag: TAG,
      auth: true,
      response: captureItemSchema,
      successMessage: 'preserved',
      handler: async ({ session, request }) => {
        const userId = session.userId;
        if (isOctetStream(request)) {
          const { fields, source } = readRawUpload(request, request.translator, mobileUploadFields);
          return service.uploadMobile(userId, fields, source);
        }
        const { fields, file } = await readMultipartUpload(request, request.translator, {
          schema: mobileUploadFields,
          maxBytes: ctx.config.UPLOAD_MAX_BYTES,
          input: (text, fileName) => ({ fileName, ...text }),
          noFile: () => badRequest('preservation:noFile'),
          broken: () => badRequest('preservation:uploadBroken'),
        });
        return service.uploadMobile(userId, fields, file);
      },
    }),
    ...mobileRecordingRoutes(ctx, recordings),
  ];

  const module: CaptureModule = {
    routes,
    service,
    sessions,
    recordings,
    register(app) {
      modules.set(app, module);
      if (ctx.config.CAPTURE_WORKERS > 0) jobs.start(ctx.config.CAPTURE_WORKERS);
      sessions.startSweeping();
      recordings.startSweeping();
      // A session call that reaches a process not holding the session goes to its holder (forward.ts).
      app.addHook('preHandler', async (request, reply) => {
        if (!SESSION_CALLS.has(request.routeOptions.url ?? '')) return;
        if (await forwarder.route(request, reply)) return reply;
      });
      app.addHook('onClose', async () => {
        recordings.stopSweeping();
        await sessions.closeAll();
        await jobs.stop();
        await service.close();
      });
    },
  };
  return module;
}

const modules = new WeakMap<FastifyInstance, CaptureModule>();
/** The capture module of an app (tests drive its job queue and sessions directly). */
export const captureModuleOf = (app: FastifyInstance): CaptureModule | undefined => modules.get(app);

/** Captures become jobs of the app's queue and are preserved on the same log as uploads. */
export const captureModule: ServerModule = {
  name: 'capture',
  register(app, ctx) {
    const capture = captureRoutes(ctx, new EvidenceService(ctx, ctx.transparencyLog), ctx.jobs, app.log);
    ctx.addRoutes(capture.routes);
    capture.register(app);
  },
};
