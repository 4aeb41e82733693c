import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureDetail, CaptureItem, Certificate, Envelope, Order } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { get, multipartBody, PNG_BYTES } from '../../test-support/uploads';
import { copyText, validationText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { CAPTURE_WORKERS: '0', CAPTURE_MOBILE_POINTS: '1.5' } });
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const FORENSICS = {
  title: '现场录像',
  label: '交通事故',
  appAddress: '上海市浦东新区世纪大道100号',
  appType: '录像',
  duration: '42',
  configName: '张三的手机',
  configModelName: 'Mate 60',
  configVersion: 'HarmonyOS 4.0',
  configProcessor: 'Kirin 9000S',
  configCore: 'Linux 5.10.110',
};
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(400, 7)]);

async function account(phone: string, points = 100) {
  const session = await register(t, phone);
  await sql`UPDATE users SET points = ${points * 100} WHERE phone = ${phone}`.execute(t.db);
  return session.token;
}
const balance = async (token: string) => (await t.post<{ points: number }>('/api/user/getUserInfo', {}, token)).body.data.points;

/** The app's call, as multipart (fields first, then the file). */
async function uploadMultipart(token: string | null, fields: Record<string, string>, content = MP4) {
  const { payload, contentType } = multipartBody(fields, { name: 'VID_20250106.mp4', content, type: 'video/mp4' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/capture/mobile/upload',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<CaptureItem>>() };
}

/** The app's call, as the raw body with the fields in the query. */
async function uploadRaw(token: string, fields: Record<string, string>, content: Buffer) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/capture/mobile/upload?${new URLSearchParams(fields).toString()}`,
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${token}` },
    payload: content,
  });
  return { status: response.statusCode, body: response.json<Envelope<CaptureItem>>() };
}

describe('mobile evidence uploaded by the app', () => {
  it('preserves the file with its forensics as type 4, lists it, shows the forensics on its certificate, charges once', async () => {
    const token = await account('13600136301');
    const reply = await uploadMultipart(token, FORENSICS);
    expect(reply.body.code, reply.body.msg).toBe(200);
    const item = reply.body.data;
    expect(item).toMatchObject({
      type: 4,
      state: 'done',
      title: '现场录像',
      label: '交通事故',
      duration: 42,
      points: 1.5,
      fileType: 'video',
      filehash: sha256(MP4),
      isDownload: 1,
      // Spec section 3: the app forensics are top-level fields of the record.
      appAddress: FORENSICS.appAddress,
      appType: '录像',
      configName: '张三的手机',
      configModelName: 'Mate 60',
      configVersion: 'HarmonyOS 4.0',
      configProcessor: 'Kirin 9000S',
      configCore: 'Linux 5.10.110',
    });
    expect(item).not.toHaveProperty('forensics');
    const forensics = {
      appAddress: FORENSICS.appAddress,
      appType: '录像',
      duration: 42,
      configName: '张三的手机',
      configModelName: 'Mate 60',
      configVersion: 'HarmonyOS 4.0',
      configProcessor: 'Kirin 9000S',
      configCore: 'Linux 5.10.110',
    };
    expect(await balance(token)).toBe(98.5);
    const row = await t.db.selectFrom('evidence').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 4, is_app: true, duration_seconds: 42 });

    // Listed in the mobile list (appType=1), on the queue page, not in the data-preservation app list.
    const listed = (await get<{ count: number; list: CaptureItem[] }>(t, '/api/Evidences/listing?type=4&appType=1', token)).body.data;
    expect(listed.list.map((i) => i.id)).toEqual([item.id]);
    expect((await get<CaptureItem>(t, `/api/capture/item?id=${item.id}`, token)).body.data).toEqual(item);
    expect((await get<{ count: number }>(t, '/api/data/getList?isApp=1', token)).body.data.count).toBe(0);

    // The certificate carries the forensics (owner), the limited one does not.
    const certificate = (await get<Certificate>(t, `/api/check/bqview?baoquan=${item.baoquan}`, token)).body.data;
    expect(certificate).toMatchObject({ isApp: 1, forensics, filehash: item.filehash });
    expect((await get<Certificate>(t, `/api/check/bqview?baoquan=${item.baoquan}`)).body.data.forensics).toBeNull();
    const { viewToken } = (await get<{ viewToken: string }>(t, `/api/check/viewToken?no=${item.baoquan}`, token)).body.data;
    const mobile = (
      await get<{ certificateHtml: string }>(t, `/api/check/mobileDetail?no=${item.baoquan}&viewToken=${encodeURIComponent(viewToken)}`)
    ).body.data;
    for (const text of [
      copyText('attestation:forensics.title'),
      FORENSICS.appAddress,
      '张三的手机',
      'Mate 60',
      'Kirin 9000S',
      'Linux 5.10.110',
      '42',
    ])
      expect(mobile.certificateHtml).toContain(text);

    const detail = (await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${item.baoquan}`, token)).body.data;
    expect(detail).toMatchObject({
      type: 4,
      duration: 42,
      forensics,
      files: [{ name: '现场录像', sha256: sha256(MP4), size: MP4.length }],
    });
    const orders = (await get<{ list: Order[] }>(t, '/api/processorder/getOrderList?type=2', token)).body.data.list;
    expect(orders.map((o) => [o.desc, o.balance])).toEqual([[copyText('capture:order_mobile', { title: '现场录像' }), 1.5]]);
  });

  it('takes the file as the raw body with the fields in the query', async () => {
    const token = await account('13600136302');
    const reply = await uploadRaw(token, { ...FORENSICS, appType: '拍照', duration: '0', fileName: 'IMG_1.png' }, PNG_BYTES);
    expect(reply.body.code, reply.body.msg).toBe(200);
    expect(reply.body.data).toMatchObject({ type: 4, fileType: 'image', duration: 0, appType: '拍照', configName: '张三的手机' });
  });

  it('refuses bad input, an empty balance and no session, storing and charging nothing', async () => {
    const token = await account('13600136303');
    const { configName: _configName, ...noDevice } = FORENSICS;
    expect((await uploadMultipart(token, noDevice)).body).toMatchObject({ code: 400, msg: validationText('required|configName') });
    expect((await uploadMultipart(token, { ...FORENSICS, duration: '-1' })).body).toMatchObject({
      code: 400,
      msg: validationText('invalid|duration'),
    });
    expect((await uploadMultipart(token, { ...FORENSICS, title: '' })).body).toMatchObject({
      code: 400,
      msg: validationText('required|title'),
    });
    expect((await uploadRaw(token, { ...FORENSICS, appAddress: '' }, MP4)).body).toMatchObject({
      code: 400,
      msg: validationText('required|appAddress'),
    });
    expect((await uploadMultipart(null, FORENSICS)).body.code).toBe(408);
    const poor = await account('13600136304', 1);
    expect((await uploadMultipart(poor, FORENSICS)).body).toMatchObject({ code: 400, msg: copyText('payment:insufficientPoints') });
    expect(await t.db.selectFrom('evidence').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('captures').selectAll().execute()).toEqual([]);
    expect(await balance(token)).toBe(100);
    expect(await balance(poor)).toBe(1);
  });

  it('(default configuration) refuses private, loopback and link-local addresses for web and process captures, queueing nothing', async () => {
    const token = await account('13600136307');
    for (const url of [
      'http://127.0.0.1:3000/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://localhost:8000/',
    ]) {
      expect((await t.post('/api/capture/web', { urls: url, title: '内网' }, token)).body).toMatchObject({
        code: 400,
        msg: copyText('capture:refusedUrl', { url }),
      });
      expect((await t.post('/api/capture/process/start', { url, title: '内网' }, token)).body.code).toBe(400);
    }
    expect(await t.db.selectFrom('captures').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    expect(await balance(token)).toBe(100);
  });

  it('answers another user’s mobile record as missing', async () => {
    const alice = await account('13600136305');
    const bob = await account('13600136306');
    const item = (await uploadMultipart(alice, FORENSICS)).body.data;
    const other = await get(t, `/api/capture/item?id=${item.id}`, bob);
    const unknown = await get(t, '/api/capture/item?id=424242', bob);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    expect((await get<{ count: number }>(t, '/api/Evidences/listing?type=4', bob)).body.data.count).toBe(0);
    expect((await get<CaptureDetail>(t, `/api/Evidences/detail?baoquan=${item.baoquan}`, bob)).body.data).toMatchObject({
      view: 'limited',
      forensics: null,
      title: null,
    });
  });
});
