import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { fromBufferPromise } from 'yauzl';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureDetail, CaptureItem, CapturePart, Certificate, Order } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get } from '../../test-support/uploads';
import { captureModuleOf, type CaptureModule } from './routes';
import { KNOWN_TEXT, KNOWN_TITLE, TestSite } from './test-site';
import { copyText, validationText } from '../../test-support/copy';

const site = new TestSite(2 * 1024 * 1024);
/** A second site whose port this app believes is its own: "the service itself". */
const self = new TestSite();
let t: TestApp;
let capture: CaptureModule;

beforeAll(async () => {
  await site.start();
  await self.start();
  t = await createTestApp({
    config: {
      CAPTURE_ALLOW_PRIVATE: 'true',
      CAPTURE_WORKERS: '0',
      CAPTURE_TIMEOUT_SECONDS: '3',
      CAPTURE_MAX_BYTES: String(1024 * 1024),
      CAPTURE_MAX_REDIRECTS: '3',
      CAPTURE_WEB_POINTS: '2',
      PORT: String(self.port),
    },
  });
  capture = captureModuleOf(t.app) as CaptureModule;
}, 30_000);
beforeEach(async () => {
  await t.reset();
  await sql`TRUNCATE jobs CASCADE`.execute(t.db);
});
afterAll(async () => {
  await t.close();
  await site.stop();
  await self.stop();
});

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function account(phone: string, points = 100) {
  const session = await register(t, phone);
  await sql`UPDATE users SET points = ${points * 100} WHERE phone = ${phone}`.execute(t.db);
  return session.token;
}
const balance = async (token: string) => (await t.post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points;
const submit = (token: string, urls: string, title = '网页取证测试', label = '测试') =>
  t.post<{ ids: number[]; points: number }>('/api/capture/web', { urls, title, label }, token);
const item = (token: string, id: number) => get<CaptureItem>(t, `/api/capture/item?id=${id}`, token);
const listing = (token: string, query: string) => get<{ count: number; list: CaptureItem[] }>(t, `/api/Evidences/listing?${query}`, token);

/** Submits one address, works the queue, answers the capture. */
async function captureOne(token: string, url: string): Promise<CaptureItem> {
  const reply = await submit(token, url);
  expect(reply.body.code, reply.body.msg).toBe(200);
  await capture.service.jobs.drain();
  const id = reply.body.data.ids[0] as number;
  return (await item(token, id)).body.data;
}

describe('web capture', () => {
  it('captures a page: screenshot, rendered HTML, exchange, bundle preserved on the log and charged once', async () => {
    const token = await account('13600136101');
    const submitted = await submit(token, site.url('/known'));
    expect(submitted.body).toMatchObject({ code: 200, msg: copyText('capture:queued'), data: { points: 2 } });
    const id = submitted.body.data.ids[0] as number;
    expect((await item(token, id)).body.data).toMatchObject({ state: 'queued', type: 3, url: site.url('/known'), baoquan: null, ahead: 0 });
    expect(await balance(token)).toBe(100);

    await capture.service.jobs.drain();
    const done = (await item(token, id)).body.data;
    expect(done).toMatchObject({
      state: 'done',
      reason: null,
      type: 3,
      title: '网页取证测试',
      label: '测试',
      fileType: 'other',
      isDownload: 1,
      points: 2,
    });
    expect(done.baoquan).toMatch(/^BQ\d{20}$/);
    expect(await balance(token)).toBe(98);

    // The spec's detail call: what was captured, and the hash of every part.
    const detail = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${done.baoquan}`, token)).body.data;
    expect(detail).toMatchObject({ view: 'owner', type: 3, url: site.url('/known'), filehash: done.filehash, chainhash: done.chainhash });
    expect(detail.web).toMatchObject({
      url: site.url('/known'),
      finalUrl: site.url('/known'),
      resolvedAddress: '127.0.0.1',
      httpStatus: 200,
      pageTitle: KNOWN_TITLE,
      redirects: [],
      tls: null,
      viewport: { width: 1280, height: 800 },
      truncated: false,
    });
    expect(detail.web?.headers).toContainEqual({ name: 'x-test-site', value: 'yes' });
    expect(detail.files.map((f) => f.name)).toEqual(['screenshot.png', 'page.html', 'exchange.json', 'page.wacz']);

    // The parts, through signed links: the screenshot is a PNG, the HTML holds the page's text.
    const parts = (await get<{ list: CapturePart[] }>(t, `/api/evidences/other?baoquan=${done.baoquan}`, token)).body.data.list;
    expect(parts.map((p) => p.role)).toEqual(['screenshot', 'html', 'exchange', 'wacz', 'bundle']);
    const bytes = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;
    const png = await bytes(parts[0]!.url);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBeGreaterThan(1600);
    expect((await bytes(parts[1]!.url)).toString('utf8')).toContain(KNOWN_TEXT);

    // The preserved file is the zip: its SHA-256 is the record's, its manifest lists every part's hash.
    const zip = await bytes(parts[4]!.url);
    expect(sha256(zip)).toBe(done.filehash);
    const entries = await unzip(zip);
    expect([...entries.keys()]).toEqual(['manifest.json', 'screenshot.png', 'page.html', 'exchange.json', 'page.wacz']);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
      format: string;
      kind: string;
      url: string;
      files: { name: string; sha256: string }[];
    };
    expect(manifest).toMatchObject({ format: 'evidence-capture/1', kind: 'web', url: site.url('/known') });
    for (const file of manifest.files) expect(sha256(entries.get(file.name)!)).toBe(file.sha256);
    expect(manifest.files.find((f) => f.name === 'screenshot.png')?.sha256).toBe(sha256(png));

    // The same certificate as any preserved file, with its chain proof.
    const certificate = (await get<Certificate>(t, `/api/check/bqview?baoquan=${done.baoquan}`, token)).body.data;
    expect(certificate).toMatchObject({
      baoquan: done.baoquan,
      filehash: done.filehash,
      chainhash: done.chainhash,
      isSelf: 1,
      evidenceType: 3,
      sourceUrl: site.url('/known'),
    });
    // Anyone else's limited certificate does not show the address.
    expect((await get<Certificate>(t, `/api/check/bqview?baoquan=${done.baoquan}`)).body.data).toMatchObject({
      limited: true,
      evidenceType: 3,
      sourceUrl: null,
    });
    expect((await get(t, `/api/chain/proof?chainhash=${done.chainhash}`)).body.code).toBe(200);

    // Charged once, as a paid consumption order in the order history.
    const orders = (await get<{ count: number; list: Order[] }>(t, '/api/processorder/getOrderList?type=2', token)).body.data;
    expect(orders.count).toBe(1);
    expect(orders.list[0]).toMatchObject({ balance: 2, status: 2, desc: copyText('capture:order_web', { title: '网页取证测试' }) });

    // The data-preservation batch download takes collected records too (the lists' /download variants).
    const batch = await t.post<{ url: string }>('/api/data/downloadBatch', { ids: String(done.evidenceId) }, token);
    expect(batch.body.code).toBe(200);
    const packageZip = await unzip((await t.app.inject({ method: 'GET', url: batch.body.data.url })).rawPayload);
    expect([...packageZip.values()].some((bytes) => sha256(bytes) === done.filehash)).toBe(true);

    // Running the queue again changes nothing.
    expect(await capture.service.jobs.drain()).toBe(0);
    expect(await balance(token)).toBe(98);
  }, 60_000);

  it('follows a redirect and records the chain', async () => {
    const token = await account('13600136102');
    const done = await captureOne(token, site.url('/redirect'));
    expect(done.state).toBe('done');
    const detail = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${done.baoquan}`, token)).body.data;
    expect(detail.web).toMatchObject({
      finalUrl: site.url('/known'),
      httpStatus: 200,
      redirects: [{ url: site.url('/redirect'), status: 302, location: '/known' }],
    });
  }, 30_000);

  it('preserves a 404 page as what the address showed, with its status', async () => {
    const token = await account('13600136103');
    const done = await captureOne(token, site.url('/missing'));
    expect(done.state).toBe('done');
    const detail = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${done.baoquan}`, token)).body.data;
    expect(detail.web?.httpStatus).toBe(404);
  }, 30_000);

  it.each([
    ['/slow', 'timeout', copyText('capture:reason_timeout')],
    ['/huge', 'tooLarge', copyText('capture:reason_tooLarge')],
    ['/loop-a', 'tooManyRedirects', copyText('capture:reason_tooManyRedirects')],
    ['/download', 'download', copyText('capture:reason_download')],
  ])(
    'fails %s with reason %s, not charged, nothing preserved',
    async (path, reason, text) => {
      const token = await account(`1360013620${path.length}`);
      const failed = await captureOne(token, site.url(path));
      expect(failed).toMatchObject({ state: 'failed', reason, reasonText: text, baoquan: null });
      expect(await balance(token)).toBe(100);
      expect(await t.db.selectFrom('evidence').selectAll().execute()).toEqual([]);
      const job = await t.db.selectFrom('jobs').select('state').executeTakeFirstOrThrow();
      expect(job.state).toBe('done');
    },
    30_000,
  );

  it('fails an unreachable host', async () => {
    const token = await account('13600136104');
    const closed = new TestSite();
    await closed.start();
    const url = closed.url('/known');
    await closed.stop();
    expect(await captureOne(token, url)).toMatchObject({ state: 'failed', reason: 'unreachable' });
  }, 30_000);

  it('refuses the service itself, also when a redirect leads there', async () => {
    const token = await account('13600136105');
    // Literal address of the service: refused at once, nothing queued.
    const direct = await submit(token, self.url('/known'));
    expect(direct.body).toMatchObject({ code: 400, msg: copyText('capture:refusedUrl', { url: self.url('/known') }) });
    expect(await t.db.selectFrom('captures').selectAll().execute()).toEqual([]);
    // Through a redirect: the hop is checked when the browser takes it.
    const failed = await captureOne(token, site.url(`/to?to=${encodeURIComponent(self.url('/known'))}`));
    expect(failed).toMatchObject({ state: 'failed', reason: 'refusedAddress' });
    expect(await balance(token)).toBe(100);
  }, 30_000);

  it('validates the form and refuses a balance that cannot pay, before queueing', async () => {
    const token = await account('13600136106', 3);
    expect((await submit(token, '')).body).toMatchObject({ code: 400, msg: copyText('validation:urlRequired') });
    expect((await submit(token, 'ftp://example.com/a')).body).toMatchObject({
      code: 400,
      msg: copyText('validation:urlInvalid'),
    });
    expect((await submit(token, 'http://user:pw@example.com/')).body.code).toBe(400);
    expect((await submit(token, site.url('/known'), '')).body).toMatchObject({ code: 400, msg: validationText('required|title') });
    expect((await submit(token, site.url('/known'), '<b>')).body).toMatchObject({ code: 400, msg: validationText('specialChars|title') });
    const eleven = Array.from({ length: 11 }, (_, i) => site.url(`/known?${i}`)).join('\n');
    expect((await submit(token, eleven)).body).toMatchObject({ code: 400, msg: copyText('validation:urlTooMany') });
    // 3 points pay one capture (2), not two; and not a second one while the first is still open.
    expect((await submit(token, `${site.url('/known')}\n${site.url('/redirect')}`)).body).toMatchObject({
      code: 400,
      msg: copyText('payment:insufficientPoints'),
    });
    expect((await submit(token, site.url('/known'))).body.code).toBe(200);
    expect((await submit(token, site.url('/redirect'))).body).toMatchObject({ code: 400, msg: copyText('payment:insufficientPoints') });
    expect(await t.db.selectFrom('captures').selectAll().execute()).toHaveLength(1);
    expect((await t.post('/api/capture/web', { urls: site.url('/known'), title: 'x' })).body.code).toBe(408);
  });

  it('lets only as many concurrent submissions through as the balance can pay', async () => {
    const token = await account('13600136113', 5);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => submit(token, site.url(`/known?${i}`))));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 400)).toHaveLength(4);
    // Two workers draining at once still capture and charge each capture once.
    await Promise.all([capture.service.jobs.drain(), capture.service.jobs.drain()]);
    expect(await balance(token)).toBe(1);
    expect(await t.db.selectFrom('evidence').selectAll().execute()).toHaveLength(2);
    const jobs = await t.db.selectFrom('jobs').select(['state', 'attempts']).execute();
    expect(jobs).toEqual([
      { state: 'done', attempts: 1 },
      { state: 'done', attempts: 1 },
    ]);
  }, 60_000);

  it('fails a capture whose balance was spent meanwhile, without charging', async () => {
    const token = await account('13600136107', 2);
    const submitted = await submit(token, site.url('/known'));
    await sql`UPDATE users SET points = 100 WHERE phone = '13600136107'`.execute(t.db);
    await capture.service.jobs.drain();
    const captured = (await item(token, submitted.body.data.ids[0] as number)).body.data;
    expect(captured).toMatchObject({ state: 'failed', reason: 'insufficientPoints' });
    expect(await balance(token)).toBe(1);
    expect(await t.db.selectFrom('evidence').selectAll().execute()).toEqual([]);
  }, 30_000);

  it('lists with filters and paging, hides others, answers another user’s record as missing', async () => {
    const alice = await account('13600136108');
    const bob = await account('13600136109');
    await submit(alice, site.url('/known'), '甲方网页', '合同');
    await submit(alice, site.url('/download'), '乙方下载', '借款');
    await capture.service.jobs.drain();
    const all = (await listing(alice, 'type=3')).body.data;
    expect(all.count).toBe(2);
    expect(all.list.map((i) => [i.title, i.state])).toEqual([
      ['乙方下载', 'failed'],
      ['甲方网页', 'done'],
    ]);
    expect((await listing(alice, 'type=3&label=合同')).body.data.list.map((i) => i.title)).toEqual(['甲方网页']);
    expect((await listing(alice, 'type=3&keyword=download')).body.data.list.map((i) => i.title)).toEqual(['乙方下载']);
    expect((await listing(alice, 'type=3&done=1')).body.data.count).toBe(1);
    expect((await listing(alice, 'type=3&page=2&limit=1')).body.data.list.map((i) => i.title)).toEqual(['甲方网页']);
    const start = Math.floor(t.clock.now().getTime() / 1000);
    expect((await listing(alice, `type=3&startTime=${start + 86400}&endTime=${start + 2 * 86400}`)).body.data.count).toBe(0);
    expect((await listing(alice, 'type=2')).body.data.count).toBe(0);
    expect((await get<{ list: string[] }>(t, '/api/capture/labels?type=3', alice)).body.data.list).toEqual(['借款', '合同']);

    expect((await listing(bob, 'type=3')).body.data.count).toBe(0);
    const mine = all.list[1] as CaptureItem;
    const other = await item(bob, mine.id);
    const unknown = await item(bob, 999_999);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    // Another user sees the limited record: hashes and times, no address, title, facts or parts.
    const limited = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${mine.baoquan}`, bob)).body.data;
    expect(limited).toMatchObject({
      view: 'limited',
      isSelf: 0,
      title: null,
      url: null,
      web: null,
      path: null,
      captureId: null,
      filehash: mine.filehash,
    });
    expect((await get<{ list: CapturePart[] }>(t, `/api/evidences/other?baoquan=${mine.baoquan}`, bob)).body.data.list).toEqual([]);
    expect((await get(t, '/api/Evidences/listing?type=3')).body.code).toBe(408);
    expect((await get(t, `/api/Evidences/detail?baoquan=BQ20250106000000000000`)).body.code).toBe(404);
  }, 60_000);
});

describe('the capture queue', () => {
  it('takes a job again when its worker died mid-capture (lease ran out), and preserves it once', async () => {
    const token = await account('13600136110');
    const submitted = await submit(token, site.url('/known'));
    const id = submitted.body.data.ids[0] as number;
    // A worker claimed it, marked it capturing and died: the job is 'running' with a lease in the past.
    const now = t.clock.now();
    await t.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 1, lease_until: new Date(now.getTime() - 1000) })
      .execute();
    await t.db.updateTable('captures').set({ state: 'capturing', started_at: now }).where('id', '=', id).execute();
    expect(await capture.service.jobs.drain()).toBe(1);
    expect((await item(token, id)).body.data.state).toBe('done');
    expect(await t.db.selectFrom('evidence').selectAll().execute()).toHaveLength(1);
    expect(await balance(token)).toBe(98);
    const job = await t.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
  }, 30_000);

  it('does not take a job whose lease still runs', async () => {
    const token = await account('13600136111');
    await submit(token, site.url('/known'));
    await t.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 1, lease_until: new Date(t.clock.now().getTime() + 60_000) })
      .execute();
    expect(await capture.service.jobs.drain()).toBe(0);
  });

  it('fails the capture once a job has used up its attempts (crashed every time), not charged', async () => {
    const token = await account('13600136112');
    const submitted = await submit(token, site.url('/known'));
    await t.db
      .updateTable('jobs')
      .set({ state: 'running', attempts: 3, lease_until: new Date(t.clock.now().getTime() - 1000) })
      .execute();
    expect(await capture.service.jobs.drain()).toBe(0);
    expect((await item(token, submitted.body.data.ids[0] as number)).body.data).toMatchObject({
      state: 'failed',
      reason: 'interrupted',
      reasonText: copyText('capture:reason_interrupted'),
    });
    expect(await balance(token)).toBe(100);
    expect((await t.db.selectFrom('jobs').select('state').executeTakeFirstOrThrow()).state).toBe('failed');
  });
});

async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await fromBufferPromise(zip, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const stream = await archive.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}
