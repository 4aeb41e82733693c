import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  DoPayResponse,
  Envelope,
  InvoiceDetail,
  InvoiceHeader,
  InvoiceList,
  InvoiceOrderChoice,
  OrderList,
  RiseList,
} from '../../../contracts/index';
import { sandboxProviders, testConfig } from '../../config';
import { deskStaff, staffPost } from '../../test-support/staff';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { ORG_FIELDS, verifyOrganisation } from '../../test-support/kyc';
import { INVOICE_PDF, issueElectronic } from '../../test-support/invoices';
import { newOrderNo } from '../ledger/service';
import { chinaDay, chinaYearOf, parseChinaDay } from '../../lib/time';
import { copyText, copyTextIn, validationText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const SHENZHEN = { province: '440000', city: '440300', area: '440305' };
const HONG_KONG = { province: '810000', city: '810001', area: '' };
const MACAU = { province: '820000', city: '820001', area: '' };
const TAIWAN = { province: '710000', city: '710100', area: '710101' };
const ORDINARY = { type: 'ENTERPRISE', head: '张三', taxNum: '91440300708461136t' };
const SPECIAL = {
  type: 'ENTERPRISE_SPECIAL',
  head: '深圳市示例科技有限公司',
  taxNum: '91440300708461136T',
  bankName: '招商银行深圳分行',
  account: '6225 8801 2345 6789',
  street: '深圳市南山区科技园1号',
  phoneNumber: '0755-12345678',
};

type Account = { token: string; userId: number; phone: string };
let phoneSeed = 0;
async function account(): Promise<Account> {
  const phone = `1370013${String(++phoneSeed).padStart(4, '0')}`;
  const { token } = await register(t, phone);
  const { id } = await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return { token, userId: id, phone };
}

const get = async <T>(url: string, token?: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};

/** A recharge order written as the payment domain leaves it (paid with Alipay by default). */
async function order(
  userId: number,
  options: { amount?: number; status?: number; payType?: number; invoiceStatus?: number; createdAt?: Date } = {},
) {
  const created = options.createdAt ?? t.clock.now();
  const status = options.status ?? 2;
  const row = await t.db
    .insertInto('orders')
    .values({
      order_no: newOrderNo(created, 'R'),
      user_id: userId,
      type: 1,
      description: copyText('payment:rechargeDesc', { points: 100 }),
      amount: options.amount ?? 10000,
      status,
      pay_type: options.payType ?? 2,
      invoice_status: options.invoiceStatus ?? 0,
      created_at: created,
      expires_at: new Date(created.getTime() + 1800_000),
      paid_at: status === 2 ? created : null,
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  return row;
}

const addHeader = (token: string, fields: Record<string, string> = SPECIAL) => t.post<InvoiceHeader>('/api/User/addInvoice', fields, token);
async function header(token: string, fields: Record<string, string> = SPECIAL): Promise<number> {
  const reply = await addHeader(token, fields);
  expect(reply.body.code, reply.body.msg).toBe(200);
  return reply.body.data.id;
}
async function address(token: string, region: Record<string, string> = SHENZHEN): Promise<number> {
  const reply = await t.post<{ id: number }>(
    '/api/User/addAddress',
    { name: '李四', ...region, address: '科技园1号', phoneNumber: '13800138000', email: 'li@example.com' },
    token,
  );
  expect(reply.body.code, reply.body.msg).toBe(200);
  return reply.body.data.id;
}
const ask = (token: string, fields: { ids: string; userInvoiceId?: number | string; userAddressId?: number | string; remark?: string }) =>
  t.post<{ id: number; order_no: string }>(
    '/api/User/invoiceAsk',
    {
      ids: fields.ids,
      userInvoiceId: String(fields.userInvoiceId ?? ''),
      userAddressId: String(fields.userAddressId ?? ''),
      remark: fields.remark ?? '',
    },
    token,
  );
const detail = (token: string, id: number) => t.post<InvoiceDetail>('/api/User/invoiceDetail', { id: String(id) }, token);
const invoiceList = (token: string, form: Record<string, string> = {}) => t.post<InvoiceList>('/api/user/invoiceList', form, token);
const invoiceStatusOf = async (id: number) =>
  (await t.db.selectFrom('orders').select('invoice_status').where('id', '=', id).executeTakeFirstOrThrow()).invoice_status;
const applications = () => t.db.selectFrom('invoice_applications').selectAll().orderBy('id').execute();
const news = async (token: string) =>
  (await t.post<{ list: { str: string }[] }>('/api/News/listing', {}, token)).body.data.list.map((n) => n.str);

/**
 * Finance's decision in the staff console (a finance member's session): submit {remark}, issue {courierNumber | email},
 * reject {remark} as the console's refuse {reason}.
 */
const deskJson = async ({ action, remark, courierNumber, email, electronic, id }: Record<string, string>) => {
  const token = (await deskStaff(t, 'finance')).token;
  if (action === 'issue' && (email !== undefined || electronic)) {
    // An electronic invoice is issued with its number, code, date and file (multipart).
    const fields = { id: id ?? '', ...(email !== undefined ? { email } : {}), invoiceNumber: '12345678', invoiceCode: '044031900111' };
    const today = chinaDay(t.clock.now());
    const reply = await issueElectronic(t, token, { ...fields, invoiceDate: today }, [
      { field: 'invoice', name: 'a.pdf', content: INVOICE_PDF },
    ]);
    return { status: reply.status, body: reply.body };
  }
  const form: Record<string, string> = { id: id ?? '' };
  if (action === 'submit' && remark !== undefined) form.remark = remark;
  if (action === 'issue') form.courierCompany = '顺丰速运';
  if (action === 'issue' && courierNumber !== undefined) form.courierNumber = courierNumber;
  if (action === 'reject') form.reason = remark ?? '';
  const url = `/api/staff/invoices/${action === 'reject' ? 'refuse' : action}`;
  const reply = await staffPost<null>(t, url, form, token);
  return { status: reply.status, body: reply.body };
};

/** One applied order, ready for the desk: the account, its application id and order id. */
async function applied(type: 'paper' | 'electronic' = 'paper', amount = 10000) {
  const a = await account();
  const o = await order(a.userId, { amount });
  const reply = await ask(a.token, {
    ids: `[${o.id}]`,
    userInvoiceId: await header(a.token, type === 'paper' ? SPECIAL : ORDINARY),
    userAddressId: await address(a.token),
  });
  expect(reply.body.code, reply.body.msg).toBe(200);
  return { ...a, applicationId: reply.body.data.id, orderId: o.id };
}

describe('invoice headers', () => {
  it('adds both kinds, lists them oldest first, edits and deletes with the spec wording', async () => {
    const { token } = await account();
    const ordinary = await addHeader(token, ORDINARY);
    expect(ordinary.body).toMatchObject({ code: 200, msg: copyText('invoice:headerAdded') });
    expect(ordinary.body.data).toEqual({
      id: ordinary.body.data.id,
      head: '张三',
      type: 'ENTERPRISE',
      taxNum: '91440300708461136T',
      bankName: '',
      account: '',
      street: '',
      phoneNumber: '',
    });
    const special = await addHeader(token);
    expect(special.body.data).toMatchObject({ type: 'ENTERPRISE_SPECIAL', account: '6225880123456789', phoneNumber: '0755-12345678' });
    const list = await get<RiseList>('/api/User/riseList', token);
    expect(list.body.data.max).toBe(5);
    expect(list.body.data.list.map((h) => h.type)).toEqual(['ENTERPRISE', 'ENTERPRISE_SPECIAL']);

    const edited = await t.post<InvoiceHeader>(
      '/api/User/editInvoice',
      { ...ORDINARY, id: String(ordinary.body.data.id), head: '张三工作室' },
      token,
    );
    expect(edited.body).toMatchObject({ code: 200, msg: copyText('server:updated'), data: { head: '张三工作室' } });
    const removed = await t.post('/api/User/delInvoice', { id: String(special.body.data.id) }, token);
    expect(removed.body).toMatchObject({ code: 200, msg: copyText('invoice:headerDeleted'), data: null });
    expect((await get<RiseList>('/api/User/riseList', token)).body.data.list.map((h) => h.head)).toEqual(['张三工作室']);
  });

  it('refuses bad input with the product wording and stores nothing', async () => {
    const { token } = await account();
    const cases: [Record<string, string>, string][] = [
      [{ ...ORDINARY, head: '' }, validationText('required|invoiceHead')],
      [{ ...ORDINARY, taxNum: '' }, validationText('required|taxNum')],
      [{ ...ORDINARY, taxNum: '1234' }, copyText('validation:taxNum')],
      [{ ...ORDINARY, head: '张三<script>' }, validationText('specialChars|invoiceHead')],
      [{ ...ORDINARY, type: 'PERSONAL' }, copyText('validation:invoiceTypeRequired')],
      [{ head: '张三', taxNum: '91440300708461136T' }, copyText('validation:invoiceTypeRequired')],
      [{ ...SPECIAL, bankName: '' }, validationText('required|accountBank')],
      [{ ...SPECIAL, account: '' }, validationText('required|accountNo')],
      [{ ...SPECIAL, account: '12ab' }, validationText('digits8to25|accountNo')],
      [{ ...SPECIAL, street: '' }, validationText('required|registeredAddress')],
      [{ ...SPECIAL, phoneNumber: '' }, validationText('required|registeredPhone')],
      [{ ...SPECIAL, phoneNumber: '12345' }, validationText('invalid|registeredPhone')],
      [{ ...ORDINARY, account: '12ab' }, validationText('digits8to25|accountNo')],
    ];
    for (const [fields, message] of cases) {
      const reply = await addHeader(token, fields);
      expect(reply.body, JSON.stringify(fields)).toMatchObject({ code: 400, msg: message });
    }
    expect(await t.db.selectFrom('invoice_headers').select('id').execute()).toHaveLength(0);
    const id = await header(token);
    const edit = await t.post('/api/User/editInvoice', { ...SPECIAL, id: String(id), bankName: '' }, token);
    expect(edit.body).toMatchObject({ code: 400, msg: validationText('required|accountBank') });
    expect((await get<RiseList>('/api/User/riseList', token)).body.data.list[0]?.bankName).toBe(SPECIAL.bankName);
  });

  it('keeps at most 5: the sixth is refused, and of twelve concurrent adds only five pass', async () => {
    const { token } = await account();
    for (let i = 0; i < 5; i++) await header(token, { ...ORDINARY, head: `抬头${i}` });
    expect((await addHeader(token, ORDINARY)).body).toMatchObject({ code: 400, msg: copyText('validation:invoiceHeaderLimit') });

    const other = await account();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => addHeader(other.token, { ...ORDINARY, head: `并发${i}` })));
    expect(replies.filter((r) => r.body.code === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.body.msg === copyText('validation:invoiceHeaderLimit'))).toHaveLength(7);
    expect((await get<RiseList>('/api/User/riseList', other.token)).body.data.list).toHaveLength(5);
  });

  it("answers another user's header exactly like a missing one, and 408 without a session", async () => {
    const alice = await account();
    const bob = await account();
    const id = await header(alice.token);
    for (const target of [String(id), '999999']) {
      expect((await t.post('/api/User/editInvoice', { ...SPECIAL, id: target }, bob.token)).body).toMatchObject({
        code: 404,
        msg: copyText('invoice:headerMissing'),
      });
      expect((await t.post('/api/User/delInvoice', { id: target }, bob.token)).body).toMatchObject({
        code: 404,
        msg: copyText('invoice:headerMissing'),
      });
    }
    expect((await get<RiseList>('/api/User/riseList', bob.token)).body.data.list).toEqual([]);
    expect((await get<RiseList>('/api/User/riseList', alice.token)).body.data.list).toHaveLength(1);
    expect((await get('/api/User/riseList')).body.code).toBe(408);
    for (const url of [
      '/api/User/addInvoice',
      '/api/User/editInvoice',
      '/api/User/delInvoice',
      '/api/user/invoiceList',
      '/api/User/invoiceAsk',
      '/api/User/invoiceDetail',
      '/api/user/checkFail',
      '/api/User/invoiceOrders',
    ]) {
      expect((await t.post(url, { id: String(id) })).body.code, url).toBe(408);
    }
  });
});

describe('applying for invoices', () => {
  it('applies for two paid orders (one paid through the WeChat sandbox): orders in progress, the list and the detail', async () => {
    const { token, userId } = await account();
    const pay = await t.post<DoPayResponse>('/api/alipay/doPay', { type: '2', integral: '150' }, token);
    const pr = new URL(pay.body.data.url).searchParams.get('pr') ?? '';
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/wechat/scan',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `pr=${pr}`,
    });
    const wechat = await t.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('order_no', '=', pay.body.data.order_no)
      .executeTakeFirstOrThrow();
    const alipay = await order(userId, { amount: 5000 });
    const headerId = await header(token);
    const addressId = await address(token);

    const choices = await t.post<{ list: InvoiceOrderChoice[] }>('/api/User/invoiceOrders', { ids: `[${wechat.id},${alipay.id}]` }, token);
    expect(choices.body.data.list.map((o) => [o.order_no, o.eligible, o.money, o.payType])).toEqual([
      [wechat.order_no, true, 150, copyText('payment:payTypeWechat')],
      [alipay.order_no, true, 50, copyText('orders:buy.alipay')],
    ]);

    const reply = await ask(token, {
      ids: `[${wechat.id},${alipay.id}]`,
      userInvoiceId: headerId,
      userAddressId: addressId,
      remark: '请尽快开具',
    });
    expect(reply.body).toMatchObject({ code: 200, msg: copyText('server:submitted') });
    expect(reply.body.data.order_no).toMatch(/^F\d{20}$/);
    expect(await invoiceStatusOf(wechat.id)).toBe(1);
    const orders = await get<OrderList>('/api/processorder/getOrderList?type=1', token);
    expect(orders.body.data.list.map((o) => o.invoiceStatus)).toEqual([1, 1]);

    const list = await invoiceList(token);
    expect(list.body.data).toEqual({
      count: 1,
      list: [
        {
          id: reply.body.data.id,
          order_no: reply.body.data.order_no,
          create_time: '2025-01-06 09:00:00',
          money: 200,
          orderCount: 2,
          status: 1,
          head: SPECIAL.head,
          type: 'ENTERPRISE_SPECIAL',
        },
      ],
    });

    // The header changes later; the application keeps what it was made out to.
    await t.post('/api/User/editInvoice', { ...SPECIAL, id: String(headerId), head: '改名后的公司' }, token);
    const shown = await detail(token, reply.body.data.id);
    expect(shown.body.data).toMatchObject({
      status: 1,
      money: 200,
      orderCount: 2,
      content: copyText('invoice:content'),
      shipping: 1,
      head: SPECIAL.head,
      tax_num: SPECIAL.taxNum,
      type: 'ENTERPRISE_SPECIAL',
      bank_name: SPECIAL.bankName,
      account: '6225880123456789',
      street: SPECIAL.street,
      phone_number: SPECIAL.phoneNumber,
      courier_number: '',
      email: 'li@example.com',
      check_remark: '',
      first_remark: '',
      name: '李四',
      post_phone_number: '13800138000',
      address: '广东省 深圳市 南山区 科技园1号',
      remark: '请尽快开具',
    });
    expect(shown.body.data.orders.map((o) => [o.order_no, o.order_desc, o.money, o.pay_type])).toEqual([
      [wechat.order_no, copyText('payment:rechargeDesc', { points: 150 }), 150, 3],
      [alipay.order_no, copyText('payment:rechargeDesc', { points: 100 }), 50, 2],
    ]);

    // Asked in English: the page's words follow, what the tax invoice says (its content) stays in the default language.
    const inEnglish = async <T>(url: string, form: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
          payload: new URLSearchParams(form).toString(),
        })
      ).json<{ data: T }>().data;
    const english = await inEnglish<InvoiceDetail>('/api/User/invoiceDetail', { id: String(reply.body.data.id) });
    expect(english.content).toBe(copyText('invoice:content'));
    expect(copyTextIn('en', 'invoice:content')).not.toBe(copyText('invoice:content'));
    const englishChoices = await inEnglish<{ list: InvoiceOrderChoice[] }>('/api/User/invoiceOrders', { ids: `[${wechat.id}]` });
    expect(englishChoices.list.map((o) => [o.payType, o.eligible, o.reason])).toEqual([
      [copyTextIn('en', 'payment:payTypeWechat'), false, copyTextIn('en', 'invoice:orderInProgress', { orderNo: wechat.order_no })],
    ]);
  });

  it('ships paper invoices free from 200 yuan, postage collect below; electronic ones are e-mailed', async () => {
    const paperFree = await applied('paper', 20000);
    expect((await detail(paperFree.token, paperFree.applicationId)).body.data.shipping).toBe(1);
    const paperCollect = await applied('paper', 19999);
    expect((await detail(paperCollect.token, paperCollect.applicationId)).body.data.shipping).toBe(2);
    const electronic = await applied('electronic', 500);
    expect((await detail(electronic.token, electronic.applicationId)).body.data.shipping).toBe(0);
  });

  it('refuses bad input with the product wording; nothing is stored and no order moves', async () => {
    const { token, userId } = await account();
    const o = await order(userId);
    const headerId = await header(token);
    const addressId = await address(token);
    const six = await Promise.all(Array.from({ length: 6 }, () => order(userId)));
    const cases: [Parameters<typeof ask>[1], string][] = [
      [{ ids: '', userInvoiceId: headerId, userAddressId: addressId }, copyText('validation:invoiceOrdersRequired')],
      [{ ids: '[]', userInvoiceId: headerId, userAddressId: addressId }, copyText('validation:invoiceOrdersRequired')],
      [{ ids: 'abc', userInvoiceId: headerId, userAddressId: addressId }, copyText('validation:invoiceOrdersRequired')],
      [{ ids: `[${o.id},${o.id}]`, userInvoiceId: headerId, userAddressId: addressId }, copyText('validation:invoiceOrdersRequired')],
      [
        { ids: `[${six.map((x) => x.id).join(',')}]`, userInvoiceId: headerId, userAddressId: addressId },
        copyText('validation:invoiceOrdersMax'),
      ],
      [{ ids: `[${o.id}]`, userAddressId: addressId }, copyText('validation:invoiceHeaderRequired')],
      [{ ids: `[${o.id}]`, userInvoiceId: headerId }, copyText('validation:invoiceAddressRequired')],
      [
        { ids: `[${o.id}]`, userInvoiceId: headerId, userAddressId: addressId, remark: '备'.repeat(151) },
        copyText('validation:invoiceRemarkMax'),
      ],
    ];
    for (const [fields, message] of cases) {
      expect((await ask(token, fields)).body, message).toMatchObject({ code: 400, msg: message });
    }
    expect(await applications()).toHaveLength(0);
    expect(await invoiceStatusOf(o.id)).toBe(0);
    // Exactly 150 characters and a comma list are fine, and so are five orders.
    expect(
      (await ask(token, { ids: `${o.id}`, userInvoiceId: headerId, userAddressId: addressId, remark: '备'.repeat(150) })).body.code,
    ).toBe(200);
    const five = await ask(token, {
      ids: six
        .slice(0, 5)
        .map((x) => x.id)
        .join(','),
      userInvoiceId: headerId,
      userAddressId: addressId,
    });
    expect(five.body.code, five.body.msg).toBe(200);
    expect((await detail(token, five.body.data.id)).body.data.orderCount).toBe(5);
  });

  it('refuses orders that are not paid, paid with points, in progress, invoiced or not of this year (China time)', async () => {
    const { token, userId } = await account();
    const headerId = await header(token);
    const addressId = await address(token);
    const { start } = chinaYearOf(t.clock.now());
    type OrderOptions = NonNullable<Parameters<typeof order>[1]>;
    const cases: [OrderOptions, string][] = [
      [{ status: 1 }, 'invoice:orderNotPaid'],
      [{ status: 4 }, 'invoice:orderNotPaid'],
      [{ payType: 1 }, 'invoice:orderPaidWithPoints'],
      [{ invoiceStatus: 1 }, 'invoice:orderInProgress'],
      [{ invoiceStatus: 2 }, 'invoice:orderInvoiced'],
      // 2024-12-31 23:59:59 in China.
      [{ createdAt: new Date(start.getTime() - 1000) }, 'invoice:orderNotThisYear'],
    ];
    const fresh = await order(userId);
    for (const [options, key] of cases) {
      const bad = await order(userId, options);
      const reply = await ask(token, { ids: `[${fresh.id},${bad.id}]`, userInvoiceId: headerId, userAddressId: addressId });
      expect(reply.body, key).toMatchObject({ code: 400, msg: copyText(key, { orderNo: bad.order_no }) });
      expect(await invoiceStatusOf(bad.id)).toBe(options.invoiceStatus ?? 0);
    }
    expect(await applications()).toHaveLength(0);
    expect(await invoiceStatusOf(fresh.id)).toBe(0);
    const choices = await t.post<{ list: InvoiceOrderChoice[] }>('/api/User/invoiceOrders', { ids: `${fresh.id}` }, token);
    expect(choices.body.data.list[0]).toMatchObject({ eligible: true, reason: '' });
    // 2025-01-01 00:00:00 in China is this year; a failed (3) invoice may be applied for again.
    const newYear = await order(userId, { createdAt: start });
    const failed = await order(userId, { invoiceStatus: 3 });
    expect((await ask(token, { ids: `[${newYear.id},${failed.id}]`, userInvoiceId: headerId, userAddressId: addressId })).body.code).toBe(
      200,
    );
  });

  it('refuses a Hong Kong, Macau or Taiwan address', async () => {
    const { token, userId } = await account();
    const o = await order(userId);
    const headerId = await header(token);
    for (const region of [HONG_KONG, MACAU, TAIWAN]) {
      const reply = await ask(token, { ids: `[${o.id}]`, userInvoiceId: headerId, userAddressId: await address(token, region) });
      expect(reply.body, region.province).toMatchObject({ code: 400, msg: copyText('invoice:addressNoMail') });
    }
    expect(await applications()).toHaveLength(0);
    expect(await invoiceStatusOf(o.id)).toBe(0);
  });

  it('keeps its copy of the header and address when they are deleted afterwards', async () => {
    const a = await applied('paper');
    const [headerId, addressId] = [(await applications())[0]?.header_id, (await applications())[0]?.address_id];
    expect((await t.post('/api/User/delInvoice', { id: String(headerId) }, a.token)).body.code).toBe(200);
    expect((await t.post('/api/User/delAddress', { id: String(addressId) }, a.token)).body.code).toBe(200);
    expect((await detail(a.token, a.applicationId)).body.data).toMatchObject({
      head: SPECIAL.head,
      tax_num: SPECIAL.taxNum,
      name: '李四',
      address: '广东省 深圳市 南山区 科技园1号',
    });
    expect(await applications()).toEqual([expect.objectContaining({ header_id: null, address_id: null })]);
  });

  it("answers another user's order, header and address exactly like missing ones", async () => {
    const alice = await account();
    const bob = await account();
    const aliceOrder = await order(alice.userId);
    const aliceHeader = await header(alice.token);
    const aliceAddress = await address(alice.token);
    const bobOrder = await order(bob.userId);
    const bobHeader = await header(bob.token);
    const bobAddress = await address(bob.token);
    for (const [theirs, missing] of [
      [{ ids: `[${aliceOrder.id}]` }, { ids: '[999999]' }],
      [{ userInvoiceId: aliceHeader }, { userInvoiceId: 999999 }],
      [{ userAddressId: aliceAddress }, { userAddressId: 999999 }],
    ] as const) {
      const base = { ids: `[${bobOrder.id}]`, userInvoiceId: bobHeader, userAddressId: bobAddress };
      const a = await ask(bob.token, { ...base, ...theirs });
      const b = await ask(bob.token, { ...base, ...missing });
      expect(a.body.code).toBe(404);
      expect({ status: a.status, code: a.body.code, msg: a.body.msg }).toEqual({ status: b.status, code: b.body.code, msg: b.body.msg });
    }
    const choices = await t.post('/api/User/invoiceOrders', { ids: `[${aliceOrder.id}]` }, bob.token);
    expect(choices.body).toMatchObject({ code: 404, msg: copyText('invoice:orderMissing') });
    expect(await applications()).toHaveLength(0);
    expect(await invoiceStatusOf(aliceOrder.id)).toBe(0);
  });

  it('applies while its header and address are being deleted: either the application keeps its copy or they are missing', async () => {
    for (let round = 0; round < 3; round++) {
      const { token, userId } = await account();
      const o = await order(userId);
      const headerId = await header(token);
      const addressId = await address(token);
      const [applied, headerGone, addressGone] = await Promise.all([
        ask(token, { ids: `[${o.id}]`, userInvoiceId: headerId, userAddressId: addressId }),
        t.post('/api/User/delInvoice', { id: String(headerId) }, token),
        t.post('/api/User/delAddress', { id: String(addressId) }, token),
      ]);
      expect([headerGone.body.code, addressGone.body.code]).toEqual([200, 200]);
      expect([200, 404], applied.body.msg).toContain(applied.body.code);
      expect(await invoiceStatusOf(o.id)).toBe(applied.body.code === 200 ? 1 : 0);
    }
  });

  it('lets exactly one of two concurrent applications for the same order through', async () => {
    const { token, userId } = await account();
    const shared = await order(userId);
    const other = await order(userId);
    const headerId = await header(token);
    const addressId = await address(token);
    const replies = await Promise.all([
      ask(token, { ids: `[${shared.id}]`, userInvoiceId: headerId, userAddressId: addressId }),
      ask(token, { ids: `[${other.id},${shared.id}]`, userInvoiceId: headerId, userAddressId: addressId }),
    ]);
    expect(replies.map((r) => r.body.code).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.body.code === 400)?.body.msg).toBe(copyText('invoice:orderInProgress', { orderNo: shared.order_no }));
    expect(await applications()).toHaveLength(1);
    const links = await t.db.selectFrom('invoice_application_orders').selectAll().where('order_id', '=', shared.id).execute();
    expect(links).toHaveLength(1);
    expect(await invoiceStatusOf(shared.id)).toBe(1);
    // The loser's other order was not claimed.
    const winner = replies.find((r) => r.body.code === 200);
    expect(await invoiceStatusOf(other.id)).toBe(winner === replies[1] ? 1 : 0);
  });
});

describe('the finance desk', () => {
  it('submits, then issues a paper invoice with a courier number: orders invoiced, the user notified at each step', async () => {
    const a = await applied('paper');
    expect((await deskJson({ id: String(a.applicationId), action: 'submit', remark: '资料齐全' })).body.code).toBe(200);
    expect((await detail(a.token, a.applicationId)).body.data).toMatchObject({ status: 2, first_remark: '资料齐全' });
    expect((await invoiceList(a.token)).body.data.list[0]?.status).toBe(2);
    expect((await deskJson({ id: String(a.applicationId), action: 'issue' })).body).toMatchObject({
      code: 400,
      msg: copyText('validation:courierNumber'),
    });
    expect((await deskJson({ id: String(a.applicationId), action: 'issue', courierNumber: 'SF12' })).body.msg).toBe(
      copyText('validation:courierNumber'),
    );
    expect((await deskJson({ id: String(a.applicationId), action: 'issue', courierNumber: 'SF1234567890' })).body.code).toBe(200);
    expect((await detail(a.token, a.applicationId)).body.data).toMatchObject({ status: 3, courier_number: 'SF1234567890' });
    expect(await invoiceStatusOf(a.orderId)).toBe(2);
    const messages = await news(a.token);
    expect(messages[0]).toContain('快递单号：SF1234567890');
    expect(messages[1]).toContain(copyText('staff-console:audit.values.status.2'));
    // Issued is final.
    for (const action of ['submit', 'issue', 'reject']) {
      expect(
        (await deskJson({ id: String(a.applicationId), action, remark: '理由', courierNumber: 'SF1234567890' })).body,
        action,
      ).toMatchObject({ code: 400, msg: copyText('invoice:deskNotAllowed') });
    }
  });

  it('issues an electronic invoice to an e-mail (the address e-mail by default)', async () => {
    const a = await applied('electronic');
    await deskJson({ id: String(a.applicationId), action: 'submit' });
    expect((await deskJson({ id: String(a.applicationId), action: 'issue', email: 'not-an-email' })).body.msg).toBe(
      copyText('validation:email'),
    );
    expect((await deskJson({ id: String(a.applicationId), action: 'issue', email: 'finance@example.com' })).body.code).toBe(200);
    expect((await detail(a.token, a.applicationId)).body.data).toMatchObject({
      status: 3,
      email: 'finance@example.com',
      courier_number: '',
    });
    expect((await news(a.token))[0]).toContain('finance@example.com');
    const b = await applied('electronic');
    await deskJson({ id: String(b.applicationId), action: 'submit' });
    expect((await deskJson({ id: String(b.applicationId), action: 'issue', electronic: 'true' })).body.code).toBe(200);
    expect((await detail(b.token, b.applicationId)).body.data.email).toBe('li@example.com');
  });

  it('refuses (from pending or from finance) with a reason: orders failed (3), checkFail answers it, the orders can be applied for again', async () => {
    const a = await applied('paper');
    expect((await deskJson({ id: String(a.applicationId), action: 'reject', remark: '  ' })).body).toMatchObject({
      code: 400,
      msg: validationText('required|staffReason'),
    });
    expect((await t.post('/api/user/checkFail', { id: String(a.applicationId) }, a.token)).body).toMatchObject({
      code: 400,
      msg: copyText('invoice:notRefused'),
    });
    expect((await deskJson({ id: String(a.applicationId), action: 'reject', remark: '抬头与付款方不一致' })).body.code).toBe(200);
    expect(await invoiceStatusOf(a.orderId)).toBe(3);
    expect((await detail(a.token, a.applicationId)).body.data).toMatchObject({ status: 4, check_remark: '抬头与付款方不一致' });
    const reason = await t.post<{ checkRemark: string }>('/api/user/checkFail', { id: String(a.applicationId) }, a.token);
    expect(reason.body.data).toEqual({ checkRemark: '抬头与付款方不一致' });
    expect((await news(a.token))[0]).toContain(copyText('invoice:details.reason', { reason: '抬头与付款方不一致' }));
    for (const action of ['submit', 'issue', 'reject']) {
      expect(
        (await deskJson({ id: String(a.applicationId), action, remark: '理由', courierNumber: 'SF1234567890' })).body.code,
        action,
      ).toBe(400);
    }

    const again = await ask(a.token, {
      ids: `[${a.orderId}]`,
      userInvoiceId: (await get<RiseList>('/api/User/riseList', a.token)).body.data.list[0]?.id,
      userAddressId: (await applications())[0]?.address_id ?? 0,
    });
    expect(again.body.code).toBe(200);
    expect(await invoiceStatusOf(a.orderId)).toBe(1);
    expect((await detail(a.token, a.applicationId)).body.data.status).toBe(4);

    await deskJson({ id: String(again.body.data.id), action: 'submit' });
    expect((await deskJson({ id: String(again.body.data.id), action: 'reject', remark: '金额有误' })).body.code).toBe(200);
    expect(await invoiceStatusOf(a.orderId)).toBe(3);
  });

  it('lets exactly one of a concurrent issue and refusal through; the orders follow the one that won', async () => {
    const a = await applied('paper');
    await deskJson({ id: String(a.applicationId), action: 'submit' });
    const replies = await Promise.all([
      deskJson({ id: String(a.applicationId), action: 'issue', courierNumber: 'SF1234567890' }),
      deskJson({ id: String(a.applicationId), action: 'reject', remark: '抬头有误' }),
    ]);
    expect(replies.map((r) => r.body.code).sort()).toEqual([200, 400]);
    const issued = replies[0]?.body.code === 200;
    expect((await detail(a.token, a.applicationId)).body.data).toMatchObject(
      issued ? { status: 3, check_remark: '' } : { status: 4, courier_number: '' },
    );
    expect(await invoiceStatusOf(a.orderId)).toBe(issued ? 2 : 3);
    const link = await t.db
      .selectFrom('invoice_application_orders')
      .select('live')
      .where('application_id', '=', a.applicationId)
      .executeTakeFirstOrThrow();
    expect(link.live).toBe(issued);
  });

  it('refuses to issue before finance has it, and answers an unknown application as missing', async () => {
    const a = await applied('paper');
    expect((await deskJson({ id: String(a.applicationId), action: 'issue', courierNumber: 'SF1234567890' })).body).toMatchObject({
      code: 400,
      msg: copyText('invoice:deskNotAllowed'),
    });
    expect(await invoiceStatusOf(a.orderId)).toBe(1);
    expect((await deskJson({ id: '999999', action: 'submit' })).body).toMatchObject({
      code: 404,
      msg: copyText('invoice:applicationMissing'),
    });
    expect((await deskJson({ id: 'x', action: 'submit' })).status).toBe(400);
  });

  it('has no sandbox finance desk: finance works in the staff console only', async () => {
    for (const url of ['/sandbox/invoices', '/sandbox/invoices.json'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/invoices/decide', payload: {} })).statusCode).toBe(404);
    expect(sandboxProviders(testConfig()).join()).not.toContain('INVOICE_PROVIDER');
  });
});

describe('the application list and detail', () => {
  it('pages by 10, filters by status and date range, and shows only the owner’s applications', async () => {
    const { token, userId } = await account();
    const headerId = await header(token);
    const addressId = await address(token);
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) {
      const o = await order(userId);
      const reply = await ask(token, { ids: `[${o.id}]`, userInvoiceId: headerId, userAddressId: addressId });
      ids.push(reply.body.data.id);
      t.clock.advance(60_000);
    }
    await deskJson({ id: String(ids[0]), action: 'reject', remark: '同一订单已申请过' });
    const page1 = await invoiceList(token);
    expect(page1.body.data.count).toBe(11);
    expect(page1.body.data.list).toHaveLength(10);
    expect(page1.body.data.list[0]?.id).toBe(ids[10]);
    expect((await invoiceList(token, { page: '2' })).body.data.list.map((a) => a.id)).toEqual([ids[0]]);
    expect((await invoiceList(token, { status: '4' })).body.data.list.map((a) => a.id)).toEqual([ids[0]]);
    expect((await invoiceList(token, { status: '1' })).body.data.count).toBe(10);
    // 2025-01-06 in China, end inclusive (start + 86400 - 1); the day before has none.
    const day = parseChinaDay('2025-01-06')!.getTime() / 1000;
    expect((await invoiceList(token, { startTime: String(day), endTime: String(day + 86399) })).body.data.count).toBe(11);
    expect((await invoiceList(token, { startTime: String(day - 86400), endTime: String(day - 1) })).body.data.count).toBe(0);

    const bob = await account();
    expect((await invoiceList(bob.token)).body.data).toEqual({ count: 0, list: [] });
    for (const url of ['/api/User/invoiceDetail', '/api/user/checkFail']) {
      const theirs = await t.post(url, { id: String(ids[0]) }, bob.token);
      const missing = await t.post(url, { id: '999999' }, bob.token);
      expect(theirs.body).toMatchObject({ code: 404, msg: copyText('invoice:applicationMissing') });
      expect(theirs.body).toEqual(missing.body);
    }
  });
});

describe('orders paid by an enterprise', () => {
  /** An account whose organisation verification is submitted and, when asked, approved at the desk. */
  async function organisation(approve: boolean): Promise<Account> {
    const a = await account();
    await verifyOrganisation(t, a.token, a.phone, approve);
    return a;
  }

  it("go only to the verified enterprise's own header (head and credit code)", async () => {
    const org = await organisation(true);
    const o = await order(org.userId);
    const addressId = await address(org.token);
    const otherCompany = await header(org.token, { ...SPECIAL, head: '另一家公司' });
    const otherCode = await header(org.token, { ...SPECIAL, taxNum: '91110000100000000X' });
    for (const headerId of [otherCompany, otherCode]) {
      const reply = await ask(org.token, { ids: `[${o.id}]`, userInvoiceId: headerId, userAddressId: addressId });
      expect(reply.body).toMatchObject({
        code: 400,
        msg: copyText('invoice:enterpriseHeaderOnly', { company: ORG_FIELDS.company }),
      });
    }
    expect(await applications()).toHaveLength(0);
    // The tax number is compared in capitals, as headers store it.
    const own = await header(org.token, { ...ORDINARY, head: ORG_FIELDS.company, taxNum: ORG_FIELDS.taxNumber.toLowerCase() });
    expect((await ask(org.token, { ids: `[${o.id}]`, userInvoiceId: own, userAddressId: addressId })).body.code).toBe(200);

    // An individual's orders may go to any header.
    const person = await account();
    const po = await order(person.userId);
    expect(
      (
        await ask(person.token, {
          ids: `[${po.id}]`,
          userInvoiceId: await header(person.token, { ...SPECIAL, head: '任意公司' }),
          userAddressId: await address(person.token),
        })
      ).body.code,
    ).toBe(200);
  });

  it('wait for the enterprise verification to pass', async () => {
    const org = await organisation(false);
    const o = await order(org.userId);
    const reply = await ask(org.token, {
      ids: `[${o.id}]`,
      userInvoiceId: await header(org.token, { ...SPECIAL, head: ORG_FIELDS.company }),
      userAddressId: await address(org.token),
    });
    expect(reply.body).toMatchObject({ code: 400, msg: copyText('invoice:enterpriseUnverified') });
    expect(await applications()).toHaveLength(0);
  });
});
