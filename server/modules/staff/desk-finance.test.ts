import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  InvoiceDeskDetail,
  InvoiceDeskList,
  OrderDetail,
  OrderSearchList,
  StaffAuditList,
  StaffReveal,
} from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { signInNewStaff, staffGet, staffPost, type SignedInStaff } from '../../test-support/staff';
import { INVOICE_PDF, issueElectronic } from '../../test-support/invoices';
import { newOrderNo } from '../ledger/service';
import { copyText, validationText, shownNotification } from '../../test-support/copy';

let t: TestApp;
let finance: SignedInStaff;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  // Staff sessions outlive reset() (it empties the users' tables and sets the clock back, not the staff's).
  [finance, admin] = [await signInNewStaff(t, 'finance'), await signInNewStaff(t, 'admin')];
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const PAPER = {
  type: 'ENTERPRISE_SPECIAL',
  head: '深圳市示例科技有限公司',
  taxNum: '91440300708461136T',
  bankName: '招商银行深圳分行',
  account: '6225880123456789',
  street: '深圳市南山区科技园1号',
  phoneNumber: '0755-12345678',
};
const ELECTRONIC = { type: 'ENTERPRISE', head: '张三', taxNum: '91440300708461136T' };

/** A recharge paid with Alipay, as the payment domain leaves it. */
async function paidOrder(userId: number, amount = 10000, createdAt = t.clock.now()) {
  return t.db
    .insertInto('orders')
    .values({
      order_no: newOrderNo(createdAt, 'R'),
      user_id: userId,
      type: 1,
      description: '积分充值100积分',
      amount,
      status: 2,
      pay_type: 2,
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + 1800_000),
      paid_at: createdAt,
      gateway_trade_no: '2025010622001400001',
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
}

/** An account that applied for an invoice of one paid order. */
async function applied(phone: string, header: Record<string, string> = PAPER) {
  const { token } = await register(t, phone);
  const { id: userId } = await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  const order = await paidOrder(userId);
  const headerId = (await t.post<{ id: number }>('/api/User/addInvoice', header, token)).body.data.id;
  const addressId = (
    await t.post<{ id: number }>(
      '/api/User/addAddress',
      {
        name: '李四',
        province: '440000',
        city: '440300',
        area: '440305',
        address: '科技园1号',
        phoneNumber: '13800138000',
        email: 'li@example.com',
      },
      token,
    )
  ).body.data.id;
  const asked = await t.post<{ id: number; order_no: string }>(
    '/api/User/invoiceAsk',
    { ids: `[${order.id}]`, userInvoiceId: String(headerId), userAddressId: String(addressId), remark: '' },
    token,
  );
  expect(asked.body.code, asked.body.msg).toBe(200);
  return { token, userId, order, id: asked.body.data.id, applyNo: asked.body.data.order_no };
}

const invoices = (query = '') => staffGet<InvoiceDeskList>(t, `/api/staff/invoices/list?${query}`, finance.token);
const act = (action: string, form: Record<string, string>) => staffPost(t, `/api/staff/invoices/${action}`, form, finance.token);
const invoiceStatusOf = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('invoice_status').where('id', '=', orderId).executeTakeFirstOrThrow()).invoice_status;
const lastMessage = async (userId: number) =>
  shownNotification(
    await t.db
      .selectFrom('notifications')
      .select(['content', 'message_key', 'message_params'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow(),
  );
const auditFor = async (id: number) =>
  (await staffGet<StaffAuditList>(t, `/api/staff/admin/audit?recordType=invoiceApplication&recordId=${id}`, admin.token)).body.data.list;

describe('the finance desk: invoice applications', () => {
  it('lists, submits and issues a paper invoice with its courier number; orders invoiced, user notified, audited', async () => {
    const a = await applied('13730000001');
    const pending = (await invoices('status=1')).body.data;
    expect(pending.list.map((r) => [r.id, r.applyNo, r.phone, r.status, r.type, r.money])).toEqual([
      [a.id, a.applyNo, '137****0001', 1, 'ENTERPRISE_SPECIAL', 100],
    ]);
    const detail = (await staffGet<InvoiceDeskDetail>(t, `/api/staff/invoices/detail?id=${a.id}`, finance.token)).body.data;
    expect(detail).toMatchObject({ head: PAPER.head, taxNum: PAPER.taxNum, recipient: '李四', email: 'li@example.com' });
    expect(detail.orders.map((o) => o.orderNo)).toEqual([a.order.order_no]);

    expect((await act('issue', { id: String(a.id), courierCompany: '顺丰速运', courierNumber: 'SF1234567890' })).body).toMatchObject({
      code: 400,
      msg: copyText('invoice:deskNotAllowed'),
    });
    expect((await act('submit', { id: String(a.id), remark: '已核对' })).body).toMatchObject({
      code: 200,
      msg: copyText('staff-console:audit.values.status.2'),
    });
    expect(await lastMessage(a.userId)).toBe(copyText('invoice:notifySubmitted', { no: a.applyNo }));
    expect((await act('issue', { id: String(a.id), courierCompany: '顺丰速运' })).body.msg).toBe(copyText('validation:courierNumber'));
    expect((await act('issue', { id: String(a.id), courierCompany: '顺丰速运', courierNumber: 'SF#1' })).body.msg).toBe(
      copyText('validation:courierNumber'),
    );
    expect((await act('issue', { id: String(a.id), courierCompany: '顺丰速运', courierNumber: 'SF1234567890' })).body.code).toBe(200);
    expect(await lastMessage(a.userId)).toBe(
      `您的开票申请${a.applyNo}已开具纸质发票，快递公司：顺丰速运，快递单号：SF1234567890，请注意查收。`,
    );
    expect(await invoiceStatusOf(a.order.id)).toBe(2);
    expect((await invoices('status=3')).body.data.list.map((r) => r.id)).toEqual([a.id]);

    const entries = await auditFor(a.id);
    expect(entries.map((e) => e.action)).toEqual(['invoiceIssued', 'invoiceSubmitted']);
    expect(entries[1]).toMatchObject({ staffId: finance.id, before: { status: 1 }, after: { status: 2, firstRemark: '已核对' } });
    expect(entries[0]).toMatchObject({
      before: { status: 2, courierNumber: '' },
      after: { status: 3, courierCompany: '顺丰速运', courierNumber: 'SF1234567890' },
    });
  });

  it('shows personal numbers masked, each in clear only through the audited view original, to finance only', async () => {
    const a = await applied('13730000009');
    const detail = (await staffGet<InvoiceDeskDetail>(t, `/api/staff/invoices/detail?id=${a.id}`, finance.token)).body.data;
    expect(detail).toMatchObject({
      phone: '137****0009',
      recipientPhone: '138****8000',
      account: '************6789',
      phoneNumber: '*********5678',
    });
    const reveal = (token: string, field: string, id = String(a.id)) =>
      staffPost<StaffReveal>(t, '/api/staff/invoices/reveal', { id, field }, token);
    // The audit log outlives reset(): read the views of this test's own clerk of this application.
    const clerk = await signInNewStaff(t, 'finance');
    const views = async () =>
      (
        await staffGet<StaffAuditList>(
          t,
          `/api/staff/admin/audit?recordType=invoiceApplication&recordId=${a.id}&action=invoiceViewed&staffId=${clerk.id}`,
          admin.token,
        )
      ).body.data.list;

    const reviewer = await signInNewStaff(t, 'reviewer');
    expect((await reveal(reviewer.token, 'recipientPhone')).status).toBe(403);

    expect((await reveal(clerk.token, 'recipientPhone')).body.data).toEqual({ field: 'recipientPhone', value: '13800138000' });
    expect((await reveal(clerk.token, 'phone')).body.data.value).toBe('13730000009');
    expect((await reveal(clerk.token, 'account')).body.data.value).toBe(PAPER.account);
    expect((await reveal(clerk.token, 'phoneNumber')).body.data.value).toBe(PAPER.phoneNumber);
    const entries = await views();
    expect(entries.map((e) => [e.action, e.recordId, e.after])).toEqual([
      ['invoiceViewed', String(a.id), { fields: ['phoneNumber'] }],
      ['invoiceViewed', String(a.id), { fields: ['account'] }],
      ['invoiceViewed', String(a.id), { fields: ['phone'] }],
      ['invoiceViewed', String(a.id), { fields: ['recipientPhone'] }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('13800138000');

    expect((await reveal(clerk.token, 'email')).body.code).toBe(400);
    expect((await reveal(clerk.token, 'phone', '999999')).body.code).toBe(404);
    expect(await views()).toHaveLength(4);
  });

  it('issues an electronic invoice with its file to the applied e-mail, or another one', async () => {
    const a = await applied('13730000002', ELECTRONIC);
    await act('submit', { id: String(a.id) });
    const issue = (email: string) =>
      issueElectronic(
        t,
        finance.token,
        { id: String(a.id), email, invoiceNumber: '12345678', invoiceCode: '044031900111', invoiceDate: '2025-01-06' },
        [{ field: 'invoice', name: 'a.pdf', content: INVOICE_PDF }],
      );
    expect((await issue('not-an-email')).body.msg).toBe(copyText('validation:email'));
    expect((await issue('finance@example.com')).body.code).toBe(200);
    expect(await lastMessage(a.userId)).toBe(
      `您的开票申请${a.applyNo}已开具电子发票（发票号码12345678），将发送至邮箱finance@example.com，也可在发票详情中下载。`,
    );
    expect((await auditFor(a.id))[0]).toMatchObject({
      action: 'invoiceIssued',
      after: { status: 3, email: 'finance@example.com', invoiceNumber: '12345678', mailState: 'queued' },
    });
  });

  it('refuses with a reason: the orders may be applied for again', async () => {
    const a = await applied('13730000003');
    expect((await act('refuse', { id: String(a.id), reason: '' })).body.msg).toBe(validationText('required|staffReason'));
    expect((await act('refuse', { id: String(a.id), reason: '抬头与认证企业不符' })).body.code).toBe(200);
    expect(await invoiceStatusOf(a.order.id)).toBe(3);
    expect(await lastMessage(a.userId)).toBe(copyText('invoice:notifyRefused', { no: a.applyNo, reason: '抬头与认证企业不符' }));
    expect((await t.post<{ checkRemark: string }>('/api/user/checkFail', { id: String(a.id) }, a.token)).body.data.checkRemark).toBe(
      '抬头与认证企业不符',
    );
    expect((await auditFor(a.id))[0]).toMatchObject({ action: 'invoiceRefused', after: { status: 4, checkRemark: '抬头与认证企业不符' } });
    expect((await act('refuse', { id: String(a.id), reason: '再次' })).body.code).toBe(400);
    expect((await act('submit', { id: '424242' })).body).toMatchObject({ code: 404, msg: copyText('invoice:applicationMissing') });
  });

  it('filters by number, phone and time', async () => {
    // Two days ago (the clock goes back, so the staff session, made at the start, stays fresh), then now.
    t.clock.advance(-2 * 86_400_000);
    const a = await applied('13730000004');
    t.clock.advance(2 * 86_400_000);
    const b = await applied('13730000005');
    const bTime = Math.floor(t.clock.now().getTime() / 1000);
    expect((await invoices(`applyNo=${a.applyNo}`)).body.data.list.map((r) => r.id)).toEqual([a.id]);
    expect((await invoices('phone=0005')).body.data.list.map((r) => r.id)).toEqual([b.id]);
    expect((await invoices(`startTime=${bTime - 60}&endTime=${bTime}`)).body.data.list.map((r) => r.id)).toEqual([b.id]);
    expect((await invoices()).body.data.list.map((r) => r.id)).toEqual([b.id, a.id]);
  });
});

describe('the finance desk: orders and payments', () => {
  it('finds orders by number, phone and time, and shows one with its gateway records', async () => {
    await register(t, '13730000011');
    const { id: userId } = await t.db.selectFrom('users').select('id').where('phone', '=', '13730000011').executeTakeFirstOrThrow();
    const early = await paidOrder(userId, 5000, new Date(t.clock.now().getTime() - 3 * 86_400_000));
    const late = await paidOrder(userId, 20000);
    const lateTime = Math.floor(t.clock.now().getTime() / 1000);
    await t.db
      .insertInto('gateway_events')
      .values([
        {
          provider: 'wechat',
          kind: 'notify',
          order_no: late.order_no,
          body: '{"trade_state":"SUCCESS"}',
          verdict: 'credited',
          created_at: t.clock.now(),
        },
        {
          provider: 'wechat',
          kind: 'query',
          order_no: late.order_no,
          body: '{"trade_state":"SUCCESS"}',
          verdict: 'duplicate',
          created_at: t.clock.now(),
        },
        { provider: 'wechat', kind: 'notify', order_no: early.order_no, body: '{}', verdict: 'credited', created_at: t.clock.now() },
      ])
      .execute();

    const search = (query: string) => staffGet<OrderSearchList>(t, `/api/staff/orders/list?${query}`, finance.token);
    expect((await search('phone=13730000011')).body.data.list.map((r) => r.orderNo)).toEqual([late.order_no, early.order_no]);
    expect((await search(`orderNo=${early.order_no}`)).body.data.list[0]).toMatchObject({
      orderNo: early.order_no,
      phone: '137****0011',
      money: 50,
      status: 2,
      statusText: copyText('notarisation:payPaid'),
      payType: 2,
      gatewayTradeNo: '2025010622001400001',
    });
    expect((await search(`phone=13730000011&startTime=${lateTime - 60}&endTime=${lateTime}`)).body.data.list.map((r) => r.orderNo)).toEqual(
      [late.order_no],
    );
    expect((await search('phone=1373000001&type=3')).body.data.count).toBe(0);

    const detail = await staffGet<OrderDetail>(t, `/api/staff/orders/detail?orderNo=${late.order_no}`, finance.token);
    expect(detail.body.data.order).toMatchObject({ orderNo: late.order_no, money: 200 });
    expect(detail.body.data.events.map((e) => [e.kind, e.verdict])).toEqual([
      ['notify', 'credited'],
      ['query', 'duplicate'],
    ]);
    expect(detail.body.data.notaryOrderNo).toBe('');
    expect((await staffGet(t, '/api/staff/orders/detail?orderNo=R000', finance.token)).body).toMatchObject({
      code: 404,
      msg: copyText('invoice:orderMissing'),
    });
    expect((await staffGet(t, '/api/staff/orders/detail?orderNo=', finance.token)).body.code).toBe(400);
  });

  it('shows a pending order past its expiry as cancelled', async () => {
    await register(t, '13730000012');
    const { id: userId } = await t.db.selectFrom('users').select('id').where('phone', '=', '13730000012').executeTakeFirstOrThrow();
    const now = t.clock.now().getTime();
    const pending = (minutesAgo: number) => ({
      order_no: newOrderNo(new Date(now - minutesAgo * 60_000), 'R'),
      user_id: userId,
      type: 1,
      description: '积分充值100积分',
      amount: 10000,
      status: 1,
      pay_type: 3,
      created_at: new Date(now - minutesAgo * 60_000),
      expires_at: new Date(now - minutesAgo * 60_000 + 1800_000),
    });
    await t.db
      .insertInto('orders')
      .values([pending(31), pending(1)])
      .execute();
    const { list } = (await staffGet<OrderSearchList>(t, '/api/staff/orders/list?phone=13730000012', finance.token)).body.data;
    expect(list.map((r) => [r.status, r.statusText, r.closeReason])).toEqual([
      [1, copyText('notarisation:payPending'), ''],
      [4, copyText('evidence:upload.state.cancelled'), 'expired'],
    ]);
  });
});
