import { crc32, deflateSync } from 'node:zlib';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { locale } from './copy-text';
import { approveKyc } from './staff-fixtures';

/** The copy the person reads, from the default language's locale files, so a content edit does not break a journey. */
export const copy = {
  auth: locale('auth'),
  common: locale('common'),
  validation: locale('validation'),
  setting: locale('setting'),
  errors: locale('errors'),
  evidence: locale('evidence'),
  attestation: locale('attestation'),
  verify: locale('verify'),
  proofPackage: locale('proof-package'),
};
export { DEFAULT_LANGUAGE, LANGUAGES, locale, text, textIn, validationText } from './copy-text';

let phoneSeed = Date.now() % 100_000_000;
/** A phone number no other test (or earlier run on the same data) has used. */
export function freshPhone(): string {
  phoneSeed = (phoneSeed + 7919) % 100_000_000;
  return `139${String(phoneSeed).padStart(8, '0')}`;
}

export const PASSWORD = 'abc12345';

/** A distinct client address per test (TRUST_PROXY is on in the e2e server), as separate people would be. */
function clientAddress(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
}

export async function captchaAnswer(request: APIRequestContext, captchaId: string): Promise<string> {
  const reply = await request.get(`/sandbox/captcha.json?captchaId=${encodeURIComponent(captchaId)}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { answer: string }).answer;
}

/** The newest SMS code sent to the phone, from the sandbox outbox (as a person trying the app reads it). */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const reply = await request.get(`/sandbox/sms.json?phone=${phone}`);
      const { list } = (await reply.json()) as { list: { text: string }[] };
      code = /(\d{6})/.exec(list[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

type Form = Record<string, string>;
async function post(request: APIRequestContext, url: string, form: Form = {}) {
  const reply = await request.post(url, { form });
  const body = (await reply.json()) as { code: number; msg: string; data: Record<string, unknown> };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Registers through the API, as the register page would, for journeys that start with an account. */
export async function registerViaApi(request: APIRequestContext, phone = freshPhone(), password = PASSWORD) {
  const { captchaId } = (await post(request, '/api/Register/getImgCode')) as { captchaId: string };
  await post(request, '/api/Register/sendSMS', { phone, captchaId, captcha: await captchaAnswer(request, captchaId) });
  const code = await smsCode(request, phone);
  const data = await post(request, '/api/Register', { phone, smsCode: code, password, confirmPassword: password });
  return { phone, password, token: data.token as string };
}

/** Remembers the captcha the page fetched last, so a test can type its answer like a person reading it. */
export class CaptchaWatcher {
  private last = '';
  constructor(page: Page) {
    page.on('response', async (response) => {
      if (!response.url().endsWith('/api/Register/getImgCode')) return;
      try {
        const body = (await response.json()) as { data?: { captchaId?: string } };
        if (body.data?.captchaId) this.last = body.data.captchaId;
      } catch {
        /* a failed captcha call: the page shows its retry state */
      }
    });
  }

  async answer(request: APIRequestContext): Promise<string> {
    await expect.poll(() => this.last).not.toBe('');
    return captchaAnswer(request, this.last);
  }
}

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The account menu: the header dropdown on desktop, the side sheet on a phone. */
export async function openAccountMenu(page: Page) {
  if (isMobile(page)) await page.getByRole('button', { name: copy.common.header.openMenu }).click();
  else await page.getByTestId('header-account').click();
}

export async function expectSignedInAs(page: Page, phone: string, points = '0.00') {
  if (isMobile(page)) {
    await openAccountMenu(page);
    const sheet = page.locator('.site-header__sheet-account');
    await expect(sheet).toContainText(phone);
    await expect(sheet).toContainText(points);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  } else {
    await expect(page.getByTestId('header-account')).toContainText(phone);
    await expect(page.getByTestId('header-points')).toContainText(points);
  }
}

export async function logOut(page: Page) {
  await openAccountMenu(page);
  const logout = copy.common.header.account.logout;
  if (isMobile(page)) await page.getByRole('dialog').getByRole('button', { name: logout }).click();
  else await page.getByRole('menuitem', { name: logout }).click();
  await expect(page).toHaveURL(/\/home$/);
  if (!isMobile(page)) await expect(page.getByRole('link', { name: copy.common.header.login, exact: true })).toBeVisible();
}

export const test = base.extend<{ captcha: CaptchaWatcher }>({
  // Playwright reads a fixture's dependencies from its first parameter and requires an object pattern there,
  // so a fixture that needs none must write `{}`.
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern even when empty
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'X-Forwarded-For': clientAddress() });
  },
  captcha: async ({ page }, use) => {
    await use(new CaptchaWatcher(page));
  },
});

export { expect };

// ---- records a user makes, through the API, for the staff console's journeys ----------------------

/** A PNG of `size` px: a coloured ring on white (an ID photo, a seal, a transfer screenshot stand-in). */
export function ringPng(size = 120, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2, y - size / 2);
      const ink = d > size * 0.37 && d < size * 0.45;
      row.set(ink ? [...rgb, 255] : [255, 255, 255, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type UserApi = { request: APIRequestContext; token: string; phone: string };

/** A call of the user app with the user's Bearer token; expects success and answers `data`. */
export async function userCall<T = Record<string, unknown>>(
  api: UserApi,
  url: string,
  form: Record<string, string> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<T> {
  const headers = { authorization: `Bearer ${api.token}` };
  const reply =
    method === 'GET'
      ? await api.request.get(`${url}?${new URLSearchParams(form).toString()}`, { headers })
      : await api.request.post(url, { headers, form });
  const body = (await reply.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** A new user who has sent a personal real-name verification by documents (pending review). */
export async function kycSubmission(request: APIRequestContext, name = '赵六'): Promise<UserApi> {
  const { phone, token } = await registerViaApi(request);
  const image = (file: string, rgb: [number, number, number]) => ({
    name: `${file}.png`,
    mimeType: 'image/png',
    buffer: ringPng(160, rgb),
  });
  const reply = await request.post('/api/peruser/perAuthorize', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      userName: name,
      contactIdcard: '11010119900307803X',
      authorSex: '2',
      address: '上海市浦东新区1号',
      agree: '1',
      authorFront: image('front', [30, 90, 200]),
      authorBack: image('back', [30, 160, 60]),
      authorHand: image('hand', [200, 120, 20]),
    },
  });
  const body = (await reply.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
  return { request, token, phone };
}

/** A verified person (documents approved through the staff console's review desk, as setup) with a default seal. */
export async function verifiedUser(request: APIRequestContext): Promise<UserApi> {
  const api = await kycSubmission(request);
  await approveKyc(request, api.phone);
  const seal = await request.post('/api/signature/upload', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { name: '赵六印', isDefault: '1', file: { name: 'seal.png', mimeType: 'image/png', buffer: ringPng() } },
  });
  expect(((await seal.json()) as { code: number }).code).toBe(200);
  return api;
}

/** A recharge of `points` paid through the sandbox WeChat Pay scan page; answers its order number. */
export async function paidRecharge(api: UserApi, points: number): Promise<string> {
  const { url, order_no } = await userCall<{ url: string; order_no: string }>(api, '/api/alipay/doPay', {
    type: '2',
    integral: String(points),
  });
  await api.request.post('/sandbox/wechat/scan', { form: { pr: new URL(url).searchParams.get('pr') ?? '' } });
  return order_no;
}

/** One preserved PDF of the user's. */
async function preservedRecord(api: UserApi, name: string): Promise<number> {
  const reply = await api.request.post('/api/data/upload', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: {
      label: '合同',
      file: { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name} ${Date.now()} ${Math.random()}\n`) },
    },
  });
  return ((await reply.json()) as { data: { id: number } }).data.id;
}

/**
 * A notarisation order of a verified user's preserved record, through the wizard's calls: paid with points
 * (`points`, the office's queue) or waiting for the office to confirm a bank transfer with its screenshot.
 */
export async function notaryOrder(
  api: UserApi,
  pay: 'points' | 'transfer',
  delivery: 'pickUp' | 'mail' = 'pickUp',
): Promise<{ id: number; orderNo: string }> {
  const record = await preservedRecord(api, `租赁合同-${Date.now()}.pdf`);
  const order = await userCall<{ id: number; orderNo: string }>(api, '/api/notary/create', { type: '1', ids: String(record) });
  const orderId = String(order.id);
  if (delivery === 'mail') {
    // Paper delivery goes to one of the user's addresses.
    const address = await userCall<{ id: number }>(api, '/api/User/addAddress', {
      name: '钱七',
      province: '110000',
      city: '110100',
      area: '110101',
      address: '东城区1号',
      phoneNumber: '13900001111',
      email: 'a@b.cn',
      status: '1',
    });
    await userCall(api, '/api/notary/applicationForm', {
      orderId,
      purpose: '1',
      copies: '1',
      delivery: '2',
      addressId: String(address.id),
    });
  } else await userCall(api, '/api/notary/applicationForm', { orderId, purpose: '1', copies: '1', delivery: '1' });
  await userCall(api, '/api/notary/sign', { orderId });
  await userCall(api, '/api/notary/decode', { orderId, agree: '1' });
  if (pay === 'points') {
    await paidRecharge(api, 100);
    const { proOrderNo } = await userCall<{ proOrderNo: string }>(api, '/api/notary/payment', { orderId });
    await userCall(api, '/api/Evidences/pay', { order_no: proOrderNo });
  } else {
    const reply = await api.request.post(`/api/notary/transfer?orderId=${orderId}&fileName=transfer.png`, {
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/octet-stream' },
      data: ringPng(240, [20, 120, 200]),
    });
    const body = (await reply.json()) as { code: number; msg: string };
    expect(body.code, body.msg).toBe(200);
  }
  return order;
}

/**
 * An invoice application for a paid recharge of a new user: `electronic` (e-mailed) or `paper` (posted; needs
 * the registered details). Answers the application's number and the recharge's order number.
 */
export async function invoiceApplication(
  request: APIRequestContext,
  kind: 'electronic' | 'paper',
): Promise<{ api: UserApi; applyNo: string; orderNo: string }> {
  const { phone, token } = await registerViaApi(request);
  const api = { request, token, phone };
  const orderNo = await paidRecharge(api, kind === 'paper' ? 250 : 80);
  const head = kind === 'paper' ? '深圳市测试科技有限公司' : '上海市测试信息有限公司';
  await userCall(api, '/api/User/addInvoice', {
    type: kind === 'paper' ? 'ENTERPRISE_SPECIAL' : 'ENTERPRISE',
    head,
    taxNum: kind === 'paper' ? '91440300MA5F000001' : '91310000MA1K000002',
    ...(kind === 'paper'
      ? { bankName: '招商银行深圳分行', account: '755912345678901', street: '深圳市南山区科技园1号', phoneNumber: '0755-12345678' }
      : {}),
  });
  await userCall(api, '/api/User/addAddress', {
    name: '李四',
    province: '440000',
    city: '440300',
    area: '440305',
    address: '科技园1号',
    phoneNumber: '13800138000',
    email: 'li@example.com',
  });
  const headers = await userCall<{ list: { id: number; head: string }[] }>(api, '/api/User/riseList', {}, 'GET');
  const addresses = await userCall<{ list: { id: number }[] }>(api, '/api/User/addressList', {}, 'GET');
  const addressId = addresses.list[0]?.id;
  const orders = await userCall<{ list: { id: number; order_no: string }[] }>(
    api,
    '/api/processorder/getOrderList',
    { page: '1', type: '1', isType: '0' },
    'GET',
  );
  const order = orders.list.find((o) => o.order_no === orderNo);
  const asked = await userCall<{ id: number; order_no: string }>(api, '/api/User/invoiceAsk', {
    ids: String(order?.id),
    userInvoiceId: String(headers.list.find((h) => h.head === head)?.id),
    userAddressId: String(addressId),
    remark: '',
  });
  return { api, applyNo: asked.order_no, orderNo };
}

/**
 * Types a day range into Semi's range DatePicker (the date filters), whose two inputs are named by their
 * placeholders, and confirms it with Enter: the picker takes `YYYY-MM-DD` whatever the browser's language.
 */
export async function pickDateRange(page: Page, names: { start: string; end: string }, from: string, to: string) {
  const start = page.getByRole('textbox', { name: names.start, exact: true });
  const end = page.getByRole('textbox', { name: names.end, exact: true });
  await start.click();
  await start.fill(from);
  await end.click();
  await end.fill(to);
  await end.press('Enter');
  await expect(start).toHaveValue(from);
  await expect(end).toHaveValue(to);
  await page.keyboard.press('Escape');
}
