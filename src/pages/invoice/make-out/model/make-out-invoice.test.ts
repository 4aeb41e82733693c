import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { Address, InvoiceHeader, InvoiceOrderChoice, UserInfo } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { addressListFx, addressListQuery } from '@/entities/address';
import { invoiceAskFx, invoiceOrdersFx, riseListFx } from '@/entities/invoice';
import { $user } from '@/entities/session';
import {
  $addresses,
  $addressesFailed,
  $headers,
  $noOrders,
  $orders,
  $shipping,
  $tooMany,
  $total,
  applyForm,
  MakeOutGate,
  retryClicked,
} from './make-out-invoice';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({
  translate: (key: string, values?: Record<string, unknown>) => (values ? `${key}:${JSON.stringify(values)}` : key),
  translateMessage: (ref: string) => `validation:${ref}`,
}));

const order = (id: number, money: number, eligible = true): InvoiceOrderChoice => ({
  id,
  order_no: `R${id}`,
  create_time: '2025-01-06 09:00:00',
  order_desc: '积分充值',
  money,
  pay_type: 2,
  payType: '支付宝',
  eligible,
  reason: eligible ? '' : `订单R${id}已开票`,
});
const header = (id: number, type: InvoiceHeader['type']): InvoiceHeader => ({
  id,
  head: `公司${id}`,
  type,
  taxNum: '91440300708461136T',
  bankName: '',
  account: '',
  street: '',
  phoneNumber: '',
});
const address = (id: number, status: 0 | 1, noInvoiceMail = false): Address => ({
  id,
  name: '李四',
  province: noInvoiceMail ? '香港特别行政区' : '广东省',
  city: '',
  area: '',
  provinceCode: noInvoiceMail ? '810000' : '440000',
  cityCode: '',
  areaCode: '',
  address: '1号',
  phoneNumber: '13800138000',
  email: 'li@example.com',
  status,
  noInvoiceMail,
});

/** navigateFx is attached to the router store: its replaced handler gets (router, params). */
const navigatedTo = (navigate: { mock: { lastCall?: unknown[] } }) => navigate.mock.lastCall?.at(-1);

const user = (status: 1 | 2, userStatus: 1 | 2 | 3 | 4, company = ''): UserInfo => ({
  phone: '13800138000',
  userStatus,
  status,
  authType: 1,
  repairType: 3,
  points: 0,
  newsNum: 0,
  contactPhone: '',
  company,
  contactName: '',
  language: null,
});

function setup(options: { orders?: InvoiceOrderChoice[]; addresses?: Address[]; user?: UserInfo } = {}) {
  const orders = vi.fn((_ids: readonly number[]) => ({ list: options.orders ?? [order(1, 100), order(2, 50)] }));
  const headers = vi.fn(() => ({ list: [header(3, 'ENTERPRISE_SPECIAL'), header(4, 'ENTERPRISE')], max: 5 }));
  const addresses = vi.fn(() => ({ list: options.addresses ?? [address(5, 0), address(6, 1)], max: 5 }));
  const ask = vi.fn((_params: unknown) => ({ id: 1, order_no: 'F1' }));
  const toast = vi.fn();
  const navigate = vi.fn();
  const scope = fork({
    values: [[$user, options.user ?? user(1, 1)]],
    handlers: [
      [invoiceOrdersFx, orders],
      [riseListFx, headers],
      [addressListFx, addresses],
      [invoiceAskFx, ask],
      [showToastFx, toast],
      [navigateFx, navigate],
    ],
  });
  return { scope, orders, headers, addresses, ask, toast, navigate };
}

describe('applying for invoices', () => {
  it('loads the chosen orders, headers and addresses; the default address is chosen when mailable', async () => {
    const { scope, orders, headers, addresses } = setup();
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1,2]' } });
    expect(orders).toHaveBeenCalledTimes(1);
    expect(orders).toHaveBeenCalledWith([1, 2]);
    expect(headers).toHaveBeenCalled();
    expect(addresses).toHaveBeenCalled();
    expect(scope.getState($orders)).toHaveLength(2);
    expect(scope.getState($total)).toBe(150);
    expect(scope.getState(applyForm.$values)).toEqual({ userInvoiceId: '', userAddressId: '6', remark: '' });

    const hk = setup({ addresses: [address(7, 1, true)] });
    await allSettled(MakeOutGate.open, { scope: hk.scope, params: { ids: '[1]' } });
    expect(hk.scope.getState(applyForm.$values).userAddressId).toBe('');
  });

  it('asks for a header (请选择发票信息), an address (请选择要送达的地址) and at most 150 characters of remark', async () => {
    const { scope, ask } = setup({ addresses: [] });
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1,2]' } });
    await allSettled(applyForm.valuesPatched, { scope, params: { remark: '备'.repeat(151) } });
    await allSettled(applyForm.submitted, { scope });
    expect(scope.getState(applyForm.$errors)).toEqual({
      userInvoiceId: 'invoiceHeaderRequired',
      userAddressId: 'invoiceAddressRequired',
      remark: 'invoiceRemarkMax',
    });
    expect(ask).not.toHaveBeenCalled();
  });

  it('tells the shipping from the chosen header and the total: electronic e-mailed, paper free from 200, else collect', async () => {
    const { scope } = setup();
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1,2]' } });
    expect(scope.getState($shipping)).toBeNull();
    await allSettled(applyForm.fieldChanged, { scope, params: { name: 'userInvoiceId', value: '3' } });
    expect(scope.getState($shipping)).toBe(2);
    await allSettled(applyForm.fieldChanged, { scope, params: { name: 'userInvoiceId', value: '4' } });
    expect(scope.getState($shipping)).toBe(0);
    const large = setup({ orders: [order(1, 150), order(2, 50)] });
    await allSettled(MakeOutGate.open, { scope: large.scope, params: { ids: '[1,2]' } });
    await allSettled(applyForm.fieldChanged, { scope: large.scope, params: { name: 'userInvoiceId', value: '3' } });
    expect(large.scope.getState($shipping)).toBe(1);
  });

  it('submits, says 提交成功 and goes to the application list', async () => {
    const { scope, ask, toast, navigate } = setup();
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1,2]' } });
    await allSettled(applyForm.valuesPatched, { scope, params: { userInvoiceId: '3', remark: ' 请尽快 ' } });
    await allSettled(applyForm.submitted, { scope });
    expect(ask).toHaveBeenCalledWith({ ids: [1, 2], userInvoiceId: 3, userAddressId: 6, remark: '请尽快' });
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'invoice:apply.submitted' });
    expect(navigatedTo(navigate)).toBe('/invoice');
  });

  it('does not submit orders that cannot be invoiced, none, or more than 5', async () => {
    const ineligible = setup({ orders: [order(1, 100), order(2, 50, false)] });
    await allSettled(MakeOutGate.open, { scope: ineligible.scope, params: { ids: '[1,2]' } });
    await allSettled(applyForm.valuesPatched, { scope: ineligible.scope, params: { userInvoiceId: '3' } });
    await allSettled(applyForm.submitted, { scope: ineligible.scope });
    expect(ineligible.ask).not.toHaveBeenCalled();
    expect(ineligible.toast).toHaveBeenCalledWith({ type: 'error', text: '订单R2已开票' });

    const none = setup();
    await allSettled(MakeOutGate.open, { scope: none.scope, params: { ids: null } });
    expect(none.scope.getState($noOrders)).toBe(true);
    expect(none.orders).not.toHaveBeenCalled();
    await allSettled(applyForm.valuesPatched, { scope: none.scope, params: { userInvoiceId: '3' } });
    await allSettled(applyForm.submitted, { scope: none.scope });
    expect(none.toast).toHaveBeenCalledWith({ type: 'error', text: 'validation:invoiceOrdersRequired' });

    const six = setup();
    await allSettled(MakeOutGate.open, { scope: six.scope, params: { ids: '[1,2,3,4,5,6]' } });
    expect(six.scope.getState($tooMany)).toBe(true);
    expect(six.orders).not.toHaveBeenCalled();
    await allSettled(applyForm.valuesPatched, { scope: six.scope, params: { userInvoiceId: '3' } });
    await allSettled(applyForm.submitted, { scope: six.scope });
    expect(six.toast).toHaveBeenCalledWith({ type: 'error', text: 'validation:invoiceOrdersMax' });
    expect(six.ask).not.toHaveBeenCalled();
  });

  it('reads the headers and addresses again on every visit, so a header or address added meanwhile shows', async () => {
    const { scope, headers, addresses } = setup({ addresses: [] });
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1]' } });
    await allSettled(MakeOutGate.close, { scope, params: { ids: '[1]' } });
    addresses.mockReturnValue({ list: [address(8, 1)], max: 5 });
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1]' } });
    expect(headers).toHaveBeenCalledTimes(2);
    expect(addresses).toHaveBeenCalledTimes(2);
    expect(scope.getState($addresses).map((a) => a.id)).toEqual([8]);
    expect(scope.getState(applyForm.$values).userAddressId).toBe('8');
  });

  it('keeps the address the person chose when the list answers again', async () => {
    const { scope } = setup();
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1]' } });
    await allSettled(applyForm.fieldChanged, { scope, params: { name: 'userAddressId', value: '' } });
    await allSettled(addressListQuery.start, { scope });
    expect(scope.getState(applyForm.$values).userAddressId).toBe('');
  });

  it('does not choose an address for the page while it is closed (the list is shared with /address)', async () => {
    const { scope } = setup();
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1]' } });
    await allSettled(MakeOutGate.close, { scope, params: { ids: '[1]' } });
    expect(scope.getState(applyForm.$values).userAddressId).toBe('');
    await allSettled(addressListQuery.start, { scope });
    expect(scope.getState($addresses)).toHaveLength(2);
    expect(scope.getState(applyForm.$values).userAddressId).toBe('');
  });

  it('shows a failed header or address list as failed, and retry reads both again', async () => {
    const { scope, headers, addresses } = setup();
    addresses.mockImplementation(() => {
      throw new Error('offline');
    });
    await allSettled(MakeOutGate.open, { scope, params: { ids: '[1]' } });
    expect(scope.getState($addressesFailed)).toBe(true);
    expect(scope.getState($headers)).toHaveLength(2);
    addresses.mockReturnValue({ list: [address(6, 1)], max: 5 });
    await allSettled(retryClicked, { scope });
    expect(headers).toHaveBeenCalledTimes(2);
    expect(scope.getState($addressesFailed)).toBe(false);
    expect(scope.getState($addresses)).toHaveLength(1);
  });

  it("sends an organisation's orders only once it is verified, and only to a header in its company's name", async () => {
    const unverified = setup({ user: user(2, 2, '') });
    await allSettled(MakeOutGate.open, { scope: unverified.scope, params: { ids: '[1]' } });
    await allSettled(applyForm.valuesPatched, { scope: unverified.scope, params: { userInvoiceId: '3' } });
    await allSettled(applyForm.submitted, { scope: unverified.scope });
    expect(unverified.toast).toHaveBeenCalledWith({ type: 'error', text: 'invoice:enterpriseUnverified' });
    expect(unverified.ask).not.toHaveBeenCalled();

    const verified = setup({ user: user(2, 3, '公司4') });
    await allSettled(MakeOutGate.open, { scope: verified.scope, params: { ids: '[1]' } });
    await allSettled(applyForm.valuesPatched, { scope: verified.scope, params: { userInvoiceId: '3' } });
    await allSettled(applyForm.submitted, { scope: verified.scope });
    expect(verified.toast).toHaveBeenCalledWith({ type: 'error', text: 'invoice:enterpriseHeaderOnly:{"company":"公司4"}' });
    expect(verified.ask).not.toHaveBeenCalled();
    await allSettled(applyForm.valuesPatched, { scope: verified.scope, params: { userInvoiceId: '4' } });
    await allSettled(applyForm.submitted, { scope: verified.scope });
    expect(verified.ask).toHaveBeenCalledWith(expect.objectContaining({ userInvoiceId: 4 }));
  });
});
