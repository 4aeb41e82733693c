import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { newOrderNo } from '../modules/ledger/service';
import type { TestApp } from './create-test-app';
import { register } from './flows';
import { multipartBody, type MultipartFile } from './uploads';

export const PAPER_HEADER = {
  type: 'ENTERPRISE_SPECIAL',
  head: '深圳市示例科技有限公司',
  taxNum: '91440300708461136T',
  bankName: '招商银行深圳分行',
  account: '6225880123456789',
  street: '深圳市南山区科技园1号',
  phoneNumber: '0755-12345678',
};
export const ELECTRONIC_HEADER = { type: 'ENTERPRISE', head: '张三', taxNum: '91440300708461136T' };

/** A small PDF as an invoice platform gives it (the bytes are what matters: `%PDF-` first). */
export const INVOICE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
export const INVOICE_XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<EInvoice><Header><InvoiceNumber/></Header></EInvoice>\n');

/** A zip holding the given members (an OFD holds OFD.xml at its root). */
export async function zipOf(members: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(members)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return buffer(zip.outputStream);
}
export const ofdFile = () =>
  zipOf({
    'OFD.xml': '<?xml version="1.0"?><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.0"/>',
    'Doc_0/Document.xml': '<x/>',
  });

/** A recharge paid with Alipay, as the payment domain leaves it. */
export async function paidOrder(t: TestApp, userId: number, amount = 10000) {
  const createdAt = t.clock.now();
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

/** An account that applied for an invoice of one paid order, to the e-mail li@example.com. */
export async function appliedForInvoice(t: TestApp, phone: string, header: Record<string, string>) {
  const { token } = await register(t, phone);
  const { id: userId } = await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow();
  const order = await paidOrder(t, userId);
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
  if (asked.body.code !== 200) throw new Error(asked.body.msg);
  return { token, userId, order, id: asked.body.data.id, applyNo: asked.body.data.order_no };
}

/** POST /api/staff/invoices/issueElectronic as the desk's form sends it. */
export async function issueElectronic(t: TestApp, staffToken: string, fields: Record<string, string>, files: MultipartFile[]) {
  const { payload, contentType } = multipartBody(fields, files);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/staff/invoices/issueElectronic',
    headers: { 'content-type': contentType, authorization: `Staff ${staffToken}` },
    payload,
  });
  return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: unknown }>() };
}
