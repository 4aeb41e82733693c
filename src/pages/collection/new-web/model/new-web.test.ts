import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { $addressCount, $total, NewWebGate, submitClicked, webForm } from './new-web';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

function setup(confirm = true) {
  const calls: RequestConfig[] = [];
  const confirmFx = vi.fn(() => confirm);
  const navigate = vi.fn();
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/capture/prices') return { web: 2, process: 10, mobile: 2 };
          return { ids: [1, 2], points: 4 };
        },
      ],
      [showConfirmFx, confirmFx],
      [navigateFx, navigate],
      [showToastFx, toast],
    ],
  });
  const submitted = () => calls.filter((c) => c.path === '/capture/web');
  return { scope, calls, submitted, confirmFx, navigate, toast };
}

const type = async (scope: ReturnType<typeof fork>, values: { urls: string; title: string; label?: string }) => {
  await allSettled(webForm.fieldChanged, { scope, params: { name: 'urls', value: values.urls } });
  await allSettled(webForm.fieldChanged, { scope, params: { name: 'title', value: values.title } });
  await allSettled(webForm.fieldChanged, { scope, params: { name: 'label', value: values.label ?? '' } });
};

describe('new web capture page model', () => {
  it('shows the price of the addresses typed, confirms it, queues them and goes to the list', async () => {
    const { scope, submitted, confirmFx, navigate, toast } = setup();
    await allSettled(NewWebGate.open, { scope, params: {} });
    await type(scope, { urls: 'https://a.example/1\nhttps://b.example/2\nhttps://a.example/1', title: ' 侵权页面 ', label: '合同' });
    expect(scope.getState($addressCount)).toBe(2);
    expect(scope.getState($total)).toBe(4);
    await allSettled(submitClicked, { scope });
    expect(confirmFx).toHaveBeenCalledTimes(1);
    expect(submitted()[0]?.body).toEqual({
      urls: 'https://a.example/1\nhttps://b.example/2\nhttps://a.example/1',
      title: '侵权页面',
      label: '合同',
    });
    expect(navigate.mock.calls[0]?.[1]).toEqual({ to: '/evidences-all/web' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('validates on the page with the contract: nothing is sent for a wrong address or an empty title', async () => {
    const { scope, submitted, confirmFx } = setup();
    await allSettled(NewWebGate.open, { scope, params: {} });
    await type(scope, { urls: 'ftp://a.example', title: '' });
    await allSettled(submitClicked, { scope });
    expect(scope.getState(webForm.$errors)).toEqual({ urls: 'urlInvalid', title: 'required|title' });
    expect(confirmFx).not.toHaveBeenCalled();
    expect(submitted()).toEqual([]);
  });

  it('sends nothing when the price is not confirmed', async () => {
    const { scope, submitted } = setup(false);
    await allSettled(NewWebGate.open, { scope, params: {} });
    await type(scope, { urls: 'https://a.example/1', title: '网页' });
    await allSettled(submitClicked, { scope });
    expect(submitted()).toEqual([]);
  });
});
