import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { type InvoiceDetail } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx } from '@/shared/ui';
import { checkFailFx, invoiceDetailFx, makeOutInvoicePath } from '@/entities/invoice';
import { $detail, $failed, $missing, $reapplyPath, $reason, DetailsGate, retryClicked } from './details';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

const detail = (status: InvoiceDetail['status']): InvoiceDetail => ({
  id: 7,
  order_no: 'F20250106090000123456',
  create_time: '2025-01-06 09:00:00',
  status,
  money: 150,
  orderCount: 2,
  content: '技术服务费',
  shipping: 2,
  head: '深圳市示例科技有限公司',
  tax_num: '91440300708461136T',
  type: 'ENTERPRISE_SPECIAL',
  bank_name: '招商银行',
  account: '6225880123456789',
  street: '深圳市南山区1号',
  phone_number: '0755-12345678',
  courier_number: '',
  courier_company: '',
  invoice_number: '',
  invoice_code: '',
  invoice_date: '',
  files: [],
  email: 'li@example.com',
  check_remark: status === 4 ? '抬头有误' : '',
  first_remark: '',
  name: '李四',
  post_phone_number: '13800138000',
  address: '广东省 深圳市 南山区 科技园1号',
  remark: '',
  orders: [
    {
      id: 1,
      order_no: 'R1',
      create_time: '2025-01-06 09:00:00',
      order_desc: '积分充值100积分',
      money: 100,
      pay_type: 2,
      payType: '支付宝',
    },
    { id: 2, order_no: 'R2', create_time: '2025-01-06 09:00:00', order_desc: '积分充值50积分', money: 50, pay_type: 3, payType: '微信' },
  ],
});

/** navigateFx is attached to the router store: its replaced handler gets (router, params). */
const navigatedTo = (navigate: { mock: { lastCall?: unknown[] } }) => navigate.mock.lastCall?.at(-1);

function setup(answer: InvoiceDetail | Error, confirmed = false) {
  const load = vi.fn((_id: number) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const checkFail = vi.fn((_id: number) => ({ checkRemark: '抬头有误' }));
  const confirm = vi.fn((_params: unknown) => confirmed);
  const navigate = vi.fn();
  const scope = fork({
    handlers: [
      [invoiceDetailFx, load],
      [checkFailFx, checkFail],
      [showConfirmFx, confirm],
      [navigateFx, navigate],
    ],
  });
  return { scope, load, checkFail, confirm, navigate };
}

describe('invoice application details', () => {
  it('loads the application of ?id= once; a pending one asks for no reason', async () => {
    const { scope, load, checkFail } = setup(detail(1));
    await allSettled(DetailsGate.open, { scope, params: { id: '7' } });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(7);
    expect(scope.getState($detail)?.status).toBe(1);
    expect(checkFail).not.toHaveBeenCalled();
    expect(scope.getState($reason)).toBeNull();
    expect(scope.getState($reapplyPath)).toBeNull();
  });

  it('a refusal: the reason comes from checkFail as the confirm text; confirming re-applies for the same orders', async () => {
    const { scope, checkFail, confirm, navigate } = setup(detail(4), true);
    await allSettled(DetailsGate.open, { scope, params: { id: '7' } });
    expect(checkFail).toHaveBeenCalledWith(7);
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ content: '抬头有误', okText: 'invoice:details.confirmOk' }));
    expect(scope.getState($reason)).toBe('抬头有误');
    const path = makeOutInvoicePath([1, 2], 150);
    expect(scope.getState($reapplyPath)).toBe(path);
    expect(navigatedTo(navigate)).toBe(path);
  });

  it('closing the confirmation stays on the page with the reason and the link', async () => {
    const { scope, navigate } = setup(detail(4), false);
    await allSettled(DetailsGate.open, { scope, params: { id: '7' } });
    expect(navigate).not.toHaveBeenCalled();
    expect(scope.getState($reason)).toBe('抬头有误');
  });

  it('says missing for a bad id (no call) and for a 404 (missing or someone else’s); other failures can be retried', async () => {
    const bad = setup(detail(1));
    await allSettled(DetailsGate.open, { scope: bad.scope, params: { id: 'abc' } });
    expect(bad.load).not.toHaveBeenCalled();
    expect(bad.scope.getState($missing)).toBe(true);

    const gone = setup(new ApiError({ code: 404, message: '开票申请不存在' }));
    await allSettled(DetailsGate.open, { scope: gone.scope, params: { id: '8' } });
    expect(gone.scope.getState($missing)).toBe(true);
    expect(gone.scope.getState($failed)).toBe(false);

    const offline = setup(new ApiError({ code: -1, message: 'offline', network: true }));
    await allSettled(DetailsGate.open, { scope: offline.scope, params: { id: '8' } });
    expect(offline.scope.getState($failed)).toBe(true);
    await allSettled(retryClicked, { scope: offline.scope });
    expect(offline.load).toHaveBeenCalledTimes(2);
  });
});
