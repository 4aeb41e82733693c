import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { type NotaryDetail } from '@contracts';
import { openDocumentFx } from '@/entities/notary-order';
import {
  $info,
  $rows,
  $transferImage,
  $transferPreviewOpen,
  DetailGate,
  downloadClicked,
  pageChanged,
  transferPreviewClosed,
  transferPreviewOpened,
} from './detail';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const detail = (page: number, transfer?: string): NotaryDetail => ({
  count: 12,
  info: {
    orderNo: 'N1',
    addTime: '2025-01-06 09:00:00',
    money: 40,
    pay: '已支付',
    payType: transfer ? '银行卡/对公转账' : '积分',
    tranImg: transfer ?? '',
    payMethod: transfer ? 2 : 1,
    type: 1,
    number: 12,
    notarial: '公证中',
    notarialCode: 1,
    payCode: 2,
    documents: [1, 2, 3, 4, 5].map((type) => ({ type: type as 1, issued: type === 1 ? 1 : 0, issuedAt: '' })),
    delivery: 1,
    shipping: { courier: '', number: '', shippedAt: '' },
  },
  list: [
    { id: page, type: 1, baoquan: `B${page}`, title: 'a.pdf', label: '', saveTime: '', fileType: 'document', fileUrl: 'x', fileStatus: 1 },
  ],
});

function setup(transfer?: string) {
  const calls: RequestConfig[] = [];
  const opened = vi.fn();
  const scope = fork({
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/notary/detail') return detail(Number((config.query as { page: number }).page), transfer);
          const type = (config.query as { type: number }).type;
          // The office has issued only the application form: the others answer the "being generated" text.
          return type === 1 ? { downUrl: '/api/files/download?k=1', expiresAt: 1 } : '公证书正在生成中';
        },
      ],
      [openDocumentFx, opened],
    ],
  });
  return { scope, calls, opened };
}

describe('notary detail model (spec sections 2 and 7)', () => {
  it('loads the order and its records 10 a page', async () => {
    const { scope, calls } = setup();
    await allSettled(DetailGate.open, { scope, params: { orderId: 7 } });
    expect(calls.at(-1)).toMatchObject({ path: '/notary/detail', query: { orderId: 7, page: 1 } });
    expect(scope.getState($info)?.orderNo).toBe('N1');
    await allSettled(pageChanged, { scope, params: 2 });
    expect(calls.at(-1)).toMatchObject({ path: '/notary/detail', query: { orderId: 7, page: 2 } });
    expect(scope.getState($rows).map((r) => r.id)).toEqual([2]);
  });

  it('opens an issued document in the hidden frame; a document not issued yet opens nothing', async () => {
    const { scope, calls, opened } = setup();
    await allSettled(DetailGate.open, { scope, params: { orderId: 7 } });
    await allSettled(downloadClicked, { scope, params: 2 });
    expect(calls.at(-1)).toMatchObject({ path: '/notary/download', query: { orderId: 7, type: 2 } });
    expect(opened).not.toHaveBeenCalled();
    await allSettled(downloadClicked, { scope, params: 1 });
    expect(opened).toHaveBeenCalledOnce();
    expect(opened.mock.calls[0]?.[0]).toMatchObject({ url: '/api/files/download?k=1' });
  });

  it("shows a bank transfer's screenshot, opening and closing the large preview", async () => {
    const { scope } = setup('/api/notary/transfer/7?exp=1&sig=x');
    await allSettled(DetailGate.open, { scope, params: { orderId: 7 } });
    expect(scope.getState($transferImage)).toBe('/api/notary/transfer/7?exp=1&sig=x');
    expect(scope.getState($transferPreviewOpen)).toBe(false);
    await allSettled(transferPreviewOpened, { scope });
    expect(scope.getState($transferPreviewOpen)).toBe(true);
    await allSettled(transferPreviewClosed, { scope });
    expect(scope.getState($transferPreviewOpen)).toBe(false);
  });

  it('has no screenshot for an order paid with points', async () => {
    const { scope } = setup();
    await allSettled(DetailGate.open, { scope, params: { orderId: 7 } });
    expect(scope.getState($transferImage)).toBe('');
  });
});
