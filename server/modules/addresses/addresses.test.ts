import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Address, District } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { copyText, validationText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

/** 北京市 / 市辖区 / 东城区, 广东省 / 深圳市 / 南山区, 香港 / 中西区 (no third level). */
const BEIJING = { province: '110000', city: '110100', area: '110101' };
const SHENZHEN = { province: '440000', city: '440300', area: '440305' };
const HONG_KONG = { province: '810000', city: '810001', area: '' };

const valid = (n = 1, region: Record<string, string> = BEIJING) => ({
  name: `张三${n}`,
  ...region,
  address: `长安街${n}号`,
  phoneNumber: '13800138000',
  email: 'zhang@example.com',
});

const get = async <T>(url: string, token?: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: T }>() };
};
const list = async (token: string) => (await get<{ list: Address[]; max: number }>('/api/User/addressList', token)).body.data.list;
const add = (token: string, form: Record<string, string>) => t.post<Address>('/api/User/addAddress', form, token);
const countRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('district data (GET /api/User/district)', () => {
  it('answers provinces, then cities, then districts, lazily by parent code', async () => {
    const provinces = (await get<{ list: District[] }>('/api/User/district')).body.data.list;
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces).toContainEqual({ code: '110000', name: '北京市', leaf: false, noInvoiceMail: false });
    for (const code of ['710000', '810000', '820000']) {
      expect(provinces.find((p) => p.code === code)?.noInvoiceMail, code).toBe(true);
    }
    const cities = (await get<{ list: District[] }>('/api/User/district?code=440000')).body.data.list;
    expect(cities).toContainEqual({ code: '440300', name: '深圳市', leaf: false, noInvoiceMail: false });
    const areas = (await get<{ list: District[] }>('/api/User/district?code=440300')).body.data.list;
    expect(areas).toContainEqual({ code: '440305', name: '南山区', leaf: true, noInvoiceMail: false });
    const hk = (await get<{ list: District[] }>('/api/User/district?code=810000')).body.data.list;
    expect(hk[0]).toMatchObject({ leaf: true, noInvoiceMail: true });
    expect((await get('/api/User/district?code=999999')).status).toBe(400);
    expect((await get('/api/User/district?code=abc')).status).toBe(400);
  });
});

describe('addresses (spec sections 3, 5, 7, 9)', () => {
  it('adds with names resolved from codes; the first is the default; edits; lists', async () => {
    const { token } = await register(t, '13400134001');
    const first = await add(token, valid(1));
    expect(first.body).toMatchObject({
      code: 200,
      msg: copyText('server:added'),
      data: { name: '张三1', province: '北京市', city: '市辖区', area: '东城区', areaCode: '110101', status: 1, noInvoiceMail: false },
    });
    const second = await add(token, valid(2, SHENZHEN));
    expect(second.body.data).toMatchObject({ province: '广东省', city: '深圳市', area: '南山区', status: 0 });
    const hk = await add(token, valid(3, HONG_KONG));
    expect(hk.body.data).toMatchObject({ province: '香港特别行政区', area: '', noInvoiceMail: true, status: 0 });

    const edit = await t.post<Address>(
      '/api/User/editAddress',
      { id: String(second.body.data.id), ...valid(9, BEIJING), status: '1' },
      token,
    );
    expect(edit.body).toMatchObject({ code: 200, msg: copyText('server:updated'), data: { name: '张三9', province: '北京市', status: 1 } });
    const all = await list(token);
    expect(all.map((a) => [a.name, a.status])).toEqual([
      ['张三1', 0],
      ['张三9', 1],
      ['张三3', 0],
    ]);
  });

  it('refuses bad input with the spec messages and stores nothing', async () => {
    const { token } = await register(t, '13400134002');
    const cases: [Record<string, string>, string][] = [
      [{ ...valid(), name: ' ' }, copyText('validation:contactRequired')],
      [{ ...valid(), address: '' }, validationText('required|detailAddress')],
      [{ ...valid(), address: '<script>' }, validationText('specialChars|detailAddress')],
      [{ ...valid(), phoneNumber: '' }, copyText('validation:phoneEmpty')],
      [{ ...valid(), phoneNumber: '12345678901' }, copyText('validation:phoneInvalid')],
      [{ ...valid(), email: '' }, validationText('required|email')],
      [{ ...valid(), email: 'not-an-email' }, copyText('validation:email')],
      [{ ...valid(), province: '' }, copyText('validation:regionRequired')],
      [{ ...valid(), area: '' }, copyText('validation:regionRequired')],
      [{ ...valid(), city: '440300' }, copyText('validation:regionRequired')],
      [{ ...valid(), area: '440305' }, copyText('validation:regionRequired')],
    ];
    for (const [form, message] of cases) {
      const reply = await add(token, form);
      expect(reply.status, message).toBe(400);
      expect(reply.body.msg).toBe(message);
    }
    expect(await countRows()).toBe(0);
  });

  it('refuses the sixth address, posted directly', async () => {
    const { token } = await register(t, '13400134003');
    for (let n = 1; n <= 5; n += 1) expect((await add(token, valid(n))).body.code).toBe(200);
    const sixth = await add(token, valid(6));
    expect(sixth).toMatchObject({ status: 400, body: { code: 400, msg: copyText('validation:addressLimit') } });
    expect(await countRows()).toBe(5);
  });

  it('lets only one of two concurrent sixth adds through', async () => {
    const { token } = await register(t, '13400134004');
    for (let n = 1; n <= 4; n += 1) await add(token, valid(n));
    const replies = await Promise.all([add(token, valid(5)), add(token, valid(6)), add(token, valid(7))]);
    expect(replies.map((r) => r.body.code).sort()).toEqual([200, 400, 400]);
    expect(await countRows()).toBe(5);
  });

  it('keeps at most one default: set-default moves it; deleting the default passes it to the oldest', async () => {
    const { token } = await register(t, '13400134005');
    const ids = [];
    for (let n = 1; n <= 3; n += 1) ids.push((await add(token, valid(n))).body.data.id);
    const defaults = async () => (await list(token)).filter((a) => a.status === 1).map((a) => a.name);
    expect(await defaults()).toEqual(['张三1']);
    expect((await t.post('/api/User/setDefaultAddress', { id: String(ids[2]) }, token)).body).toMatchObject({
      code: 200,
      msg: copyText('server:defaultSet'),
    });
    expect(await defaults()).toEqual(['张三3']);
    expect((await add(token, { ...valid(4), status: '1' })).body.data.status).toBe(1);
    expect(await defaults()).toEqual(['张三4']);
    const fourth = (await list(token)).find((a) => a.name === '张三4')!;
    expect((await t.post('/api/User/delAddress', { id: String(fourth.id) }, token)).body).toMatchObject({
      code: 200,
      msg: copyText('server:deleted'),
    });
    expect(await defaults()).toEqual(['张三1']);
    // Unticking default on the default address leaves none.
    await t.post('/api/User/editAddress', { id: String(ids[0]), ...valid(1), status: '0' }, token);
    expect(await defaults()).toEqual([]);
  });

  it("answers another user's address like a missing one (404) and changes nothing", async () => {
    const alice = await register(t, '13400134006');
    const bob = await register(t, '13400134007');
    const bobs = (await add(bob.token, valid(1))).body.data;
    const calls: [string, Record<string, string>][] = [
      ['/api/User/editAddress', { id: String(bobs.id), ...valid(2) }],
      ['/api/User/delAddress', { id: String(bobs.id) }],
      ['/api/User/setDefaultAddress', { id: String(bobs.id) }],
    ];
    for (const [url, form] of calls) {
      const reply = await t.post(url, form, alice.token);
      const missing = await t.post(url, { ...form, id: '999999' }, alice.token);
      expect(reply.status, url).toBe(404);
      expect(reply.body).toEqual(missing.body);
    }
    expect(await list(alice.token)).toEqual([]);
    expect(await list(bob.token)).toEqual([bobs]);
  });

  it('needs a session (code 408)', async () => {
    expect((await get('/api/User/addressList')).body.code).toBe(408);
    for (const url of ['/api/User/addAddress', '/api/User/editAddress', '/api/User/delAddress', '/api/User/setDefaultAddress']) {
      const reply = await t.post(url, { id: '1', ...valid() });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe(408);
    }
    expect(await countRows()).toBe(0);
  });
});
