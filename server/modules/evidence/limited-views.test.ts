import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureDetail, CaptureItem, Certificate, Envelope, ProcessFacts, WebFacts } from '../../../contracts/index';
import { FileStore } from '../../files/store';
import { createTranslator } from '../../i18n';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, multipartBody, PDF_BYTES, preserve } from '../../test-support/uploads';
import { packBundle } from '../capture/bundle';
import { captureModuleOf, type CaptureModule } from '../capture/routes';
import { certificateHtml } from './certificate';
import { SHARE_CODE_LIMITS } from './service';
import { copyText } from '../../test-support/copy';

/**
 * Hostile input: what anyone who is neither the owner nor a holder of the extraction code learns
 * of a record, and how many extraction codes they may guess.
 */
let t: TestApp;
let capture: CaptureModule;
beforeAll(async () => {
  t = await createTestApp({ config: { CAPTURE_WORKERS: '0', CAPTURE_MOBILE_POINTS: '1' } });
  capture = captureModuleOf(t.app) as CaptureModule;
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const OWNER_PHONE = '13600136001';
const OWNER_NAME = '欧阳修远';
/** Everything of the owner's a limited view must never show; each string is distinctive. */
const SECRET = {
  title: '绝密标题ZEBRA7731',
  label: '机密标签LYNX4409',
  fileName: 'CLIP_OKAPI5512.mp4',
  appAddress: '北京市秘密路IBEX88号',
  configName: '设备名称NEWT2231',
  configModelName: 'ModelQUOKKA77',
  configVersion: 'OS-WOMBAT-9',
  configProcessor: 'CPU-TAPIR-3',
  configCore: 'Kernel-GECKO-1',
  url: 'https://secret-site-8841.example/private/path',
  pageTitle: '网页标题MARMOT6610',
  typed: 'TYPED-SECRET-3390',
};
const SECRET_STRINGS = [...Object.values(SECRET), OWNER_PHONE, OWNER_NAME.slice(1)];
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(400, 7)]);

const CERTIFICATE_KEYS = [
  'baoquan',
  'chainhash',
  'evidenceType',
  'explorerUrl',
  'fileType',
  'filehash',
  'forensics',
  'isApp',
  'isDownload',
  'isSelf',
  'label',
  'limited',
  'owner',
  'saveTime',
  'size',
  'sourceUrl',
  'title',
  'trustedTime',
];
const DETAIL_KEYS = [
  'baoquan',
  'captureId',
  'chainhash',
  'duration',
  'explorerUrl',
  'fileType',
  'filehash',
  'files',
  'forensics',
  'isDownload',
  'isSelf',
  'label',
  'path',
  'process',
  'recording',
  'saveTime',
  'size',
  'title',
  'type',
  'url',
  'view',
  'web',
];
const PUBLIC_RECORD_KEYS = ['baoquan', 'chainhash', 'fileType', 'filehash', 'saveTime'];

function expectNoSecret(what: string, value: unknown) {
  const json = JSON.stringify(value);
  for (const secret of SECRET_STRINGS) expect(json, `${what} shows ${secret}`).not.toContain(secret);
}
const keysOf = (value: object) => Object.keys(value).sort();

/** A verified owner (so the certificate would name them), with an extraction code. */
async function owner(phone = OWNER_PHONE, code = 'open-sesame'): Promise<{ token: string; id: number }> {
  const session = await register(t, phone);
  await sql`UPDATE users SET points = 10000, user_status = 3, status = 1, contact_name = ${OWNER_NAME} WHERE phone = ${phone}`.execute(
    t.db,
  );
  await t.post('/api/user/setExtractCode', { extractCode: code }, session.token);
  const row = await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return { token: session.token, id: row.id };
}

/** An app upload (type 4) with its forensics, through the app's own call. */
async function appUpload(token: string): Promise<string> {
  const fields = {
    title: SECRET.title,
    label: SECRET.label,
    appAddress: SECRET.appAddress,
    appType: '录像',
    duration: '42',
    configName: SECRET.configName,
    configModelName: SECRET.configModelName,
    configVersion: SECRET.configVersion,
    configProcessor: SECRET.configProcessor,
    configCore: SECRET.configCore,
  };
  const { payload, contentType } = multipartBody(fields, { name: SECRET.fileName, content: MP4, type: 'video/mp4' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/capture/mobile/upload',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  const body = response.json<Envelope<CaptureItem>>();
  expect(body.code, body.msg).toBe(200);
  return body.data.baoquan as string;
}

/**
 * A finished web (3) or process (2) capture as the capture service leaves it (bundle parts stored, zip
 * preserved, the capture row done with its facts and parts), without driving a browser.
 */
async function finishedCapture(userId: number, kind: 'web' | 'process'): Promise<string> {
  const parts =
    kind === 'web'
      ? [
          {
            name: 'screenshot.png',
            role: 'screenshot',
            mime: 'image/png',
            source: Buffer.from(`png ${SECRET.pageTitle}`),
            compress: false,
          },
          {
            name: 'page.html',
            role: 'html',
            mime: 'text/html; charset=utf-8',
            source: Buffer.from(`<title>${SECRET.pageTitle}</title>`),
            compress: true,
          },
          {
            name: 'exchange.json',
            role: 'exchange',
            mime: 'application/json',
            source: Buffer.from(`{"url":"${SECRET.url}"}`),
            compress: true,
          },
        ]
      : [
          { name: 'recording.webm', role: 'video', mime: 'video/webm', source: Buffer.from('webm bytes'), compress: false },
          {
            name: 'actions.json',
            role: 'actions',
            mime: 'application/json',
            source: Buffer.from(`[{"text":"${SECRET.typed}"}]`),
            compress: true,
          },
        ];
  const now = t.clock.now();
  const bundle = await packBundle(new FileStore(join(t.dataDir, 'files')), parts, { kind, title: SECRET.title }, now);
  const web: WebFacts = {
    url: SECRET.url,
    finalUrl: SECRET.url,
    resolvedAddress: '203.0.113.7',
    httpStatus: 200,
    pageTitle: SECRET.pageTitle,
    capturedAt: '2025-01-06 09:00:00',
    redirects: [],
    headers: [{ name: 'x-secret', value: SECRET.typed }],
    tls: null,
    viewport: { width: 1280, height: 800 },
    truncated: false,
    browser: 'Chromium',
  };
  const process: ProcessFacts = {
    startUrl: SECRET.url,
    startedAt: '2025-01-06 09:00:00',
    endedAt: '2025-01-06 09:01:00',
    frames: 3,
    viewport: { width: 1280, height: 800 },
    actions: [{ t: 10, type: 'text', text: SECRET.typed }],
    browser: 'Chromium',
  };
  const evidence = await capture.service.evidence.preserve(userId, {
    source: bundle.zip(),
    fileName: `${kind}-capture.zip`,
    label: SECRET.label,
    title: SECRET.title,
    type: kind === 'web' ? 3 : 2,
    durationSeconds: kind === 'web' ? null : 60,
    sourceUrl: kind === 'web' ? SECRET.url : null,
    inTransaction: async (trx, row) => {
      await trx
        .insertInto('captures')
        .values({
          user_id: userId,
          kind,
          state: 'done',
          title: SECRET.title,
          label: SECRET.label,
          url: SECRET.url,
          price: 0,
          evidence_id: row.id,
          facts: JSON.stringify(kind === 'web' ? web : process),
          files: JSON.stringify(bundle.files),
          duration_seconds: kind === 'web' ? null : 60,
          created_at: now,
          finished_at: now,
        })
        .execute();
    },
  });
  return evidence.baoquan;
}

describe('limited and public answers', () => {
  it('show none of the owner’s title, label, file names, forensics, address or identity, for app uploads, web and process captures and uploads', async () => {
    const alice = await owner();
    const bob = await register(t, '13600136002');
    const records = {
      app: await appUpload(alice.token),
      web: await finishedCapture(alice.id, 'web'),
      process: await finishedCapture(alice.id, 'process'),
      upload: (await preserve(t, alice.token, { name: `${SECRET.title}.pdf`, content: PDF_BYTES }, { label: SECRET.label })).baoquan,
    };
    const translator = createTranslator();

    for (const [kind, baoquan] of Object.entries(records)) {
      // The owner sees it all (the secrets are really there to leak).
      const full = (await get<Certificate>(t, `/api/check/bqview?baoquan=${baoquan}`, alice.token)).body.data;
      expect(JSON.stringify(full), kind).toContain(SECRET.title);
      const fullDetail = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${baoquan}`, alice.token)).body.data;
      expect(fullDetail.title, kind).toContain(SECRET.title);

      // The certificate page for anyone else, signed in or not.
      for (const token of [undefined, bob.token]) {
        const reply = await get<Certificate>(t, `/api/check/bqview?baoquan=${baoquan}`, token);
        expect(reply.body.code, kind).toBe(200);
        const limited = reply.body.data;
        expect(keysOf(limited), kind).toEqual(CERTIFICATE_KEYS);
        expect(limited, kind).toMatchObject({
          limited: true,
          isSelf: 0,
          title: null,
          label: null,
          forensics: null,
          sourceUrl: null,
          owner: '欧**',
        });
        expectNoSecret(`${kind} bqview`, limited);
        // The certificate PDF of the limited view is rendered from this very certificate.
        expectNoSecret(
          `${kind} limited certificate HTML`,
          certificateHtml(translator, { certificate: limited, issuedAt: t.clock.now(), pageUrl: null }),
        );
      }

      // The PDF link of anyone without the code is the limited view's.
      const pdfLink = await get<{ url: string }>(t, `/api/check/downCertificate?baoquan=${baoquan}`);
      expect(new URL(pdfLink.body.data.url, 'http://x.invalid').searchParams.get('v'), kind).toBe('l');

      // The record page of the collections, and its parts.
      const detail = await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${baoquan}`);
      expect(keysOf(detail.body.data), kind).toEqual(DETAIL_KEYS);
      expect(detail.body.data, kind).toMatchObject({
        view: 'limited',
        isSelf: 0,
        title: null,
        label: null,
        path: null,
        url: null,
        duration: null,
        forensics: null,
        web: null,
        process: null,
        captureId: null,
      });
      for (const file of detail.body.data.files) expect(keysOf(file), kind).toEqual(['name', 'sha256', 'size']);
      expectNoSecret(`${kind} detail`, detail.body.data);
      const parts = await get<{ list: unknown[] }>(t, `/api/evidences/other?baoquan=${baoquan}`);
      expect(parts.body.data, kind).toEqual({ list: [] });

      // Public lookups.
      const byNumber = await t.post<{ list: object[] }>('/api/check/bqno', { baoquan });
      expect(byNumber.body.data.list.map(keysOf), kind).toEqual([PUBLIC_RECORD_KEYS]);
      const byHash = await t.post<{ list: object[] }>('/api/check/checkNo', { hash: full.filehash });
      expect(byHash.body.data.list.map(keysOf), kind).toEqual([PUBLIC_RECORD_KEYS]);
      expectNoSecret(`${kind} lookups`, [byNumber.body, byHash.body]);

      // A wrong code changes nothing.
      const wrong = await get(t, `/api/Evidences/detail?baoquan=${baoquan}&code=nope`);
      expect(wrong.body).toEqual({ code: 400, msg: copyText('preservation:wrongCode'), data: null });
    }

    // The app upload's part and the capture parts are named by their role only; hashes and sizes are the owner's.
    const app = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${records.app}`)).body.data;
    const appFull = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${records.app}`, alice.token)).body.data;
    expect(appFull.files.map((f) => f.name)).toEqual([SECRET.title]);
    expect(app.files).toEqual([{ ...appFull.files[0], name: 'media' }]);
    const web = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${records.web}`)).body.data;
    expect(web.files.map((f) => f.name)).toEqual(['screenshot.png', 'page.html', 'exchange.json']);
    const process = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${records.process}`)).body.data;
    expect(process.files.map((f) => f.name)).toEqual(['recording.webm', 'actions.json']);
  });
});

/** One extraction-code try on any of the calls that take one, from a client address. */
async function tryCode(call: number, baoquan: string, code: string, address: string): Promise<{ status: number; body: Envelope<unknown> }> {
  const form = new URLSearchParams({ baoquan, code }).toString();
  const calls = [
    () =>
      t.app.inject({
        method: 'POST',
        url: '/api/share/getView',
        remoteAddress: address,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      }),
    () =>
      t.app.inject({
        method: 'POST',
        url: '/api/share/downBaoquan',
        remoteAddress: address,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      }),
    () => t.app.inject({ method: 'GET', url: `/api/check/downCertificate?${form}`, remoteAddress: address }),
    () => t.app.inject({ method: 'GET', url: `/api/Evidences/detail?${form}`, remoteAddress: address }),
    () => t.app.inject({ method: 'GET', url: `/api/evidences/other?${form}`, remoteAddress: address }),
  ];
  const response = await (calls[call % calls.length] as () => ReturnType<typeof t.app.inject>)();
  return { status: response.statusCode, body: response.json<Envelope<unknown>>() };
}
const LOCKED = { code: 429, msg: copyText('preservation:codeLocked', { minutes: 15 }), data: null };
const WRONG = { code: 400, msg: copyText('preservation:wrongCode'), data: null };

describe('extraction-code guessing', () => {
  it('stops guesses across many records of one owner, from any addresses, at the per-owner number; the window slides', async () => {
    const perOwner = SHARE_CODE_LIMITS.perOwner.max;
    const alice = await owner();
    const records: string[] = [];
    for (let i = 0; i <= perOwner + 1; i++)
      records.push((await preserve(t, alice.token, { name: `doc-${i}.pdf`, content: PDF_BYTES })).baoquan);
    const carol = await owner('13600136003', 'carol-code');
    const carols = (await preserve(t, carol.token, { name: 'c.pdf', content: PDF_BYTES })).baoquan;

    // One wrong code per record, each from its own address, on every call that takes a code.
    for (let i = 0; i < perOwner; i++) {
      expect((await tryCode(i, records[i] as string, `guess-${i}`, `198.51.100.${i + 1}`)).body, `try ${i + 1}`).toEqual(WRONG);
    }
    // The owner's limit is used up: any record, any address, any call, the right code too.
    for (let call = 0; call < 5; call++) {
      const locked = await tryCode(call, records[perOwner] as string, 'open-sesame', `203.0.113.${call + 1}`);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual(LOCKED);
    }
    // Another owner's shares are not affected.
    expect((await tryCode(0, carols, 'carol-code', '203.0.113.99')).body.code).toBe(200);
    // The certificate page itself stays open (limited).
    expect((await get<Certificate>(t, `/api/check/bqview?baoquan=${records[0]}`)).body.data.limited).toBe(true);

    // Refused tries do not prolong the lock: once the window has slid past the wrong codes, the right code works
    // for a visitor at another address, on every call.
    t.clock.advance(SHARE_CODE_LIMITS.perOwner.windowMs - 1000);
    expect((await tryCode(0, records[perOwner + 1] as string, 'open-sesame', '192.0.2.50')).body).toEqual(LOCKED);
    t.clock.advance(2000);
    for (let call = 0; call < 5; call++) {
      const reply = await tryCode(call, records[perOwner + 1] as string, 'open-sesame', '192.0.2.50');
      expect(reply.body.code, `call ${call}`).toBe(200);
    }
    // Right codes are not counted: the owner still has the whole limit of wrong ones.
    for (let i = 0; i < perOwner; i++) expect((await tryCode(i, records[0] as string, `again-${i}`, '192.0.2.51')).body).toEqual(WRONG);
    expect((await tryCode(0, records[0] as string, 'open-sesame', '192.0.2.52')).body).toEqual(LOCKED);
  });

  it('stops guesses from one address across owners at the per-address number; other addresses are not affected', async () => {
    const perAddress = SHARE_CODE_LIMITS.perAddress.max;
    const perOwner = SHARE_CODE_LIMITS.perOwner.max;
    const owners = [];
    for (let i = 0; i < Math.ceil(perAddress / (perOwner - 1)) + 1; i++) {
      const o = await owner(`1360013610${i}`, `code-${i}`);
      owners.push({ ...o, code: `code-${i}`, baoquan: (await preserve(t, o.token, { name: `o${i}.pdf`, content: PDF_BYTES })).baoquan });
    }
    const attacker = '198.51.100.7';
    // Spread below every owner's limit, up to the address's.
    for (let i = 0; i < perAddress; i++) {
      const target = owners[Math.floor(i / (perOwner - 1))] as (typeof owners)[number];
      expect((await tryCode(i, target.baoquan, `guess-${i}`, attacker)).body, `try ${i + 1}`).toEqual(WRONG);
    }
    const untouched = owners[owners.length - 1] as (typeof owners)[number];
    const lastHit = owners[Math.floor((perAddress - 1) / (perOwner - 1))] as (typeof owners)[number];
    expect((await tryCode(0, untouched.baoquan, 'guess-more', attacker)).body).toEqual(LOCKED);
    expect((await tryCode(0, untouched.baoquan, untouched.code, attacker)).body).toEqual(LOCKED);
    // Each owner is below its own limit: visitors elsewhere still open their shares.
    expect((await tryCode(0, lastHit.baoquan, lastHit.code, '203.0.113.20')).body.code).toBe(200);
    expect((await tryCode(1, untouched.baoquan, untouched.code, '203.0.113.21')).body.code).toBe(200);
    t.clock.advance(SHARE_CODE_LIMITS.perAddress.windowMs + 1000);
    expect((await tryCode(0, untouched.baoquan, untouched.code, attacker)).body.code).toBe(200);
  });

  it('lets no more wrong codes through than the limit when they arrive all at once', async () => {
    const perOwner = SHARE_CODE_LIMITS.perOwner.max;
    const alice = await owner();
    const baoquan = (await preserve(t, alice.token, { name: 'x.pdf', content: PDF_BYTES })).baoquan;
    const replies = await Promise.all(
      Array.from({ length: perOwner * 3 }, (_, i) => tryCode(0, baoquan, `burst-${i}`, `198.51.100.${i + 1}`)),
    );
    const wrong = replies.filter((r) => r.body.code === 400).length;
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(perOwner);
    expect(replies.every((r) => r.body.code === 400 || r.body.code === 429)).toBe(true);
    expect((await tryCode(0, baoquan, 'open-sesame', '192.0.2.1')).body.code).toBe(wrong < perOwner ? 200 : 429);
  });
});
