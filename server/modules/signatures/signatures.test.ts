import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope, Signature } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { sweepOrphansNow } from '../../test-support/files';
import { register } from '../../test-support/flows';
import { multipartBody } from '../../test-support/uploads';
import { copyText, validationText } from '../../test-support/copy';

const dataDir = mkdtempSync(join(tmpdir(), 'signature-test-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
});
beforeEach(async () => {
  await t.reset();
  rmSync(join(dataDir, 'files'), { recursive: true, force: true });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A real 1x1 png; `pad` appends bytes to reach a size (the check is by magic bytes and length). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (pad = 0, variant = 0) => Buffer.concat([PNG_1X1, Buffer.alloc(pad, variant)]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]);
const MB = 1024 * 1024;

async function upload(
  token: string | undefined,
  fields: { name?: string; isDefault?: string },
  file?: { data: Buffer; filename?: string; type?: string },
) {
  const present = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const { payload, contentType } = multipartBody(
    Object.fromEntries(present),
    file ? { name: file.filename ?? 'seal.png', type: file.type ?? 'image/png', content: file.data } : undefined,
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/signature/upload',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<Signature>>() };
}

const listing = async (token: string) => (await t.post<{ list: Signature[] }>('/api/signature/listing', {}, token)).body.data.list;
const countRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('signatures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Every file under the seal store, temporary ones included. */
function storedFiles(): string[] {
  const root = join(dataDir, 'files', 'signatures');
  const walk = (dir: string): string[] => {
    try {
      return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
      });
    } catch {
      return [];
    }
  };
  return walk(root);
}
const defaults = async (token: string) => (await listing(token)).filter((s) => s.is_default === '1').map((s) => s.name);

describe('signature seals (spec sections 3, 4, 5, 7)', () => {
  it('uploads a png; the first seal becomes the default; the image is served only through its signed link', async () => {
    const { token } = await register(t, '13500135001');
    const reply = await upload(token, { name: '公司公章', isDefault: '0' }, { data: png() });
    expect(reply.body).toMatchObject({ code: 200, msg: copyText('server:added'), data: { name: '公司公章', is_default: '1' } });
    const [seal] = await listing(token);
    expect(seal).toMatchObject({ id: reply.body.data.id, is_default: '1', add_time: expect.stringMatching(/^\d{4}-/) });
    expect(seal!.pic_url).toMatch(/^\/api\/signature\/image\/\d+\?exp=\d+&sig=[\w-]+$/);

    const image = await t.app.inject({ method: 'GET', url: seal!.pic_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png())).toBe(true);

    const unsigned = await t.app.inject({ method: 'GET', url: `/api/signature/image/${seal!.id}` });
    expect(unsigned.statusCode).toBe(404);
    const forged = await t.app.inject({ method: 'GET', url: seal!.pic_url.replace(/sig=.{4}/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(404);
    const otherId = await t.app.inject({ method: 'GET', url: seal!.pic_url.replace(`/image/${seal!.id}?`, `/image/${seal!.id + 1}?`) });
    expect(otherId.statusCode).toBe(404);
    t.clock.advance(16 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: seal!.pic_url })).statusCode).toBe(404);
  });

  it('refuses a jpeg named .png, an 11MB png, an empty name, a missing default choice or image; nothing is stored', async () => {
    const { token } = await register(t, '13500135002');
    const jpeg = await upload(token, { name: '伪装', isDefault: '1' }, { data: JPEG, filename: 'fake.png', type: 'image/png' });
    expect(jpeg).toMatchObject({ status: 400, body: { code: 400, msg: copyText('validation:signaturePngOnly') } });
    const big = await upload(token, { name: '太大', isDefault: '1' }, { data: png(11 * MB) });
    expect(big).toMatchObject({ status: 400, body: { msg: copyText('validation:signatureTooLarge') } });
    expect((await upload(token, { name: '  ', isDefault: '1' }, { data: png() })).body.msg).toBe(validationText('required|signatureName'));
    expect((await upload(token, { isDefault: '1' }, { data: png() })).body.msg).toBe(validationText('required|signatureName'));
    expect((await upload(token, { name: '章' }, { data: png() })).body.msg).toBe(copyText('validation:signatureDefaultRequired'));
    expect((await upload(token, { name: '章', isDefault: '1' })).body.msg).toBe(copyText('validation:signatureImageRequired'));
    const form = await t.post('/api/signature/upload', { name: '章', isDefault: '1' }, token);
    expect(form.body.msg).toBe(copyText('validation:signatureImageRequired'));
    expect(await countRows()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('accepts exactly 10MB', async () => {
    const { token } = await register(t, '13500135003');
    const exact = await upload(token, { name: '整十兆', isDefault: '1' }, { data: png(10 * MB - PNG_1X1.length) });
    expect(exact.body.code).toBe(200);
    expect(storedFiles()).toHaveLength(1);
  });

  it('keeps exactly one default: set-default moves it, deleting the default passes it on', async () => {
    const { token } = await register(t, '13500135004');
    const a = (await upload(token, { name: 'A', isDefault: '0' }, { data: png(1, 1) })).body.data;
    const b = (await upload(token, { name: 'B', isDefault: '0' }, { data: png(1, 2) })).body.data;
    expect(await defaults(token)).toEqual(['A']);
    const c = (await upload(token, { name: 'C', isDefault: '1' }, { data: png(1, 3) })).body.data;
    expect(await defaults(token)).toEqual(['C']);

    expect((await t.post('/api/signature/setDefault', { id: String(b.id) }, token)).body).toMatchObject({
      code: 200,
      msg: copyText('server:defaultSet'),
    });
    expect(await defaults(token)).toEqual(['B']);
    expect((await t.post('/api/signature/setDefault', { id: String(b.id) }, token)).body.code).toBe(200);
    expect(await defaults(token)).toEqual(['B']);

    expect((await t.post('/api/signature/del', { id: String(b.id) }, token)).body).toMatchObject({
      code: 200,
      msg: copyText('server:deleted'),
    });
    expect(await defaults(token)).toEqual(['C']);
    await t.post('/api/signature/del', { id: String(a.id) }, token);
    expect(await defaults(token)).toEqual(['C']);
    await t.post('/api/signature/del', { id: String(c.id) }, token);
    expect(await listing(token)).toEqual([]);
    // Deleting a seal leaves its bytes to the orphan sweep (another upload may be naming them again).
    expect(storedFiles()).not.toEqual([]);
    await sweepOrphansNow({ db: t.db, dataDir });
    expect(storedFiles()).toEqual([]);
  });

  it('stores equal images once and removes the bytes with the last seal naming them', async () => {
    const { token } = await register(t, '13500135005');
    const first = (await upload(token, { name: '一', isDefault: '1' }, { data: png() })).body.data;
    await upload(token, { name: '二', isDefault: '0' }, { data: png() });
    expect(storedFiles()).toHaveLength(1);
    await t.post('/api/signature/del', { id: String(first.id) }, token);
    await sweepOrphansNow({ db: t.db, dataDir });
    expect(storedFiles()).toHaveLength(1);
  });

  it("answers another user's seal like a missing one (404) and changes nothing", async () => {
    const alice = await register(t, '13500135006');
    const bob = await register(t, '13500135007');
    const bobs = (await upload(bob.token, { name: 'Bob', isDefault: '1' }, { data: png() })).body.data;
    await upload(bob.token, { name: 'Bob2', isDefault: '0' }, { data: png(1) });
    const del = await t.post('/api/signature/del', { id: String(bobs.id) }, alice.token);
    const missing = await t.post('/api/signature/del', { id: '999999' }, alice.token);
    expect(del.status).toBe(404);
    expect(del.body).toEqual(missing.body);
    expect((await t.post('/api/signature/setDefault', { id: String(bobs.id + 1) }, alice.token)).body.code).toBe(404);
    expect(await listing(alice.token)).toEqual([]);
    expect(await defaults(bob.token)).toEqual(['Bob']);
    expect((await t.post('/api/signature/del', { id: 'x' }, alice.token)).status).toBe(400);
  });

  it('needs a session (code 408) before reading any upload', async () => {
    expect((await upload(undefined, { name: 'A', isDefault: '1' }, { data: png() })).body.code).toBe(408);
    for (const url of ['/api/signature/listing', '/api/signature/del', '/api/signature/setDefault']) {
      const reply = await t.post(url, { id: '1' });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe(408);
    }
    expect(await countRows()).toBe(0);
  });
});
