import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { type NotaryState } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { uploadTransferFx, type TransferUploadParams } from '../api/apply-notary';
import { transferFileProblem } from '../lib/transfer-file';
import { $payMethod, $transferError, $transferProgress, payMethodChosen, transferFileChosen } from './transfer';
import { $state, WizardGate } from './wizard';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

beforeEach(() => {
  const data = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

const state = (transfer: Partial<NotaryState['transfer']> = {}, payMethod: 0 | 2 = 0): NotaryState => ({
  order: { id: 7, orderNo: 'N1', type: 1, addTime: '', money: 40, pay: '待支付', payType: '', addOrder: 1, proOrderNo: 'G1' },
  step: 4,
  notarialCode: 0,
  number: 2,
  itemIds: [11, 12],
  price: 20,
  applicant: { status: 1, name: 'A', idNumber: '110***', contactName: 'A', contactPhone: '138****8000' },
  application: { purpose: 1, purposeNote: '', copies: 1, delivery: 1, address: null },
  seal: null,
  signedAt: '',
  decodeAt: '',
  points: 100,
  payMethod,
  transfer: { status: 0, imageUrl: '', submittedAt: '', rejectReason: '', ...transfer },
  bank: { accountName: 'O', bankName: 'B', accountNo: '6222' },
});
const payment = { orderNo: 'N1', proOrderNo: 'G1', money: 40, points: 100, number: 2, price: 20, addOrder: 1 };
/** A picked file as the model reads it (name, size, type); the bytes do not matter to the model. */
const file = (name: string, size: number, type: string) => ({ name, size, type }) as File;

function setup(initial: NotaryState) {
  const calls: string[] = [];
  const uploads: TransferUploadParams[] = [];
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config.path);
          if (config.path === '/notary/state') return initial;
          if (config.path === '/notary/payment') return payment;
          if (config.path === '/User/addressList') return { max: 5, list: [] };
          throw new Error(`unexpected call ${config.path}`);
        },
      ],
      [
        uploadTransferFx,
        (params: TransferUploadParams) => {
          uploads.push(params);
          params.onProgress?.({ loaded: 50, total: 100 });
          return state({ status: 1, imageUrl: '/api/notary/transfer/7?exp=1&sig=x', submittedAt: '2026-01-01 10:00:00' }, 2);
        },
      ],
      [navigateFx, vi.fn()],
      [showToastFx, toast],
    ],
  });
  return { scope, calls, uploads, toast };
}

describe('step 4: points or bank transfer', () => {
  it('checks the screenshot on the client: png, jpg, jpeg up to 10 MB', () => {
    expect(transferFileProblem({ name: 'a.PNG', size: 10, type: 'image/png' })).toBeNull();
    expect(transferFileProblem({ name: 'a.jpeg', size: 10 * 1024 * 1024, type: 'image/jpeg' })).toBeNull();
    expect(transferFileProblem({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe('type');
    expect(transferFileProblem({ name: 'a.png', size: 10, type: 'application/pdf' })).toBe('type');
    expect(transferFileProblem({ name: 'a.jpg', size: 10 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('size');
    expect(transferFileProblem({ name: 'a.jpg', size: 0, type: 'image/jpeg' })).toBe('empty');
  });

  it('offers points first; a refused file is named and not sent; a good one is sent with progress and the order waits', async () => {
    const { scope, uploads, toast } = setup(state());
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 4, type: 1, addOrder: 1 } });
    expect(scope.getState($payMethod)).toBe('points');
    await allSettled(payMethodChosen, { scope, params: 'transfer' });
    expect(scope.getState($payMethod)).toBe('transfer');

    await allSettled(transferFileChosen, { scope, params: file('a.gif', 10, 'image/gif') });
    expect(scope.getState($transferError)).toBe('notary:wizard.transfer.problem.type');
    await allSettled(transferFileChosen, { scope, params: file('a.png', 11 * 1024 * 1024, 'image/png') });
    expect(scope.getState($transferError)).toBe('notary:wizard.transfer.problem.size');
    expect(uploads).toEqual([]);

    await allSettled(transferFileChosen, { scope, params: file('shot.png', 100, 'image/png') });
    expect(scope.getState($transferError)).toBe('');
    expect(uploads.map((u) => [u.orderId, u.file.name])).toEqual([[7, 'shot.png']]);
    expect(scope.getState($transferProgress)).toBeNull();
    expect(scope.getState($state)?.transfer.status).toBe(1);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'notary:wizard.transfer.sent' });
  });

  it('an order waiting for the office opens on the transfer and makes no points payment order', async () => {
    const { scope, calls } = setup(state({ status: 1, imageUrl: '/x', submittedAt: 't' }, 2));
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 4, type: 1, addOrder: 1 } });
    expect(scope.getState($payMethod)).toBe('transfer');
    expect(calls).not.toContain('/notary/payment');
  });

  it('a rejected transfer opens on the transfer with the reason; points are still offered', async () => {
    const { scope, calls } = setup(state({ status: 2, rejectReason: '未查询到该笔转账' }));
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 4, type: 1, addOrder: 1 } });
    expect(scope.getState($payMethod)).toBe('transfer');
    expect(scope.getState($state)?.transfer.rejectReason).toBe('未查询到该笔转账');
    expect(calls).toContain('/notary/payment');
  });
});
