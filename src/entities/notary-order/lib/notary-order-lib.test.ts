import { describe, expect, it, vi } from 'vitest';
import { dataKindOf } from './data-row';
import { DOWNLOAD_FRAME_LIFETIME_MS, downloadUrlFor, openInHiddenFrame } from './document-download';
import { canContinue, canEnd, canViewDetails, detailHref, orDash, safeBackPath, stepOfSegment, wizardHref } from './order-state';

const row = (notarialCode: 0 | 1 | 2 | 3 | 4, payCode: 0 | 1 | 2 | 3) => ({ notarialCode, payCode });

describe('notary order rules (spec sections 2 and 4)', () => {
  it('offers Continue and End only for unfinished orders', () => {
    expect(canContinue(row(0, 1))).toBe(true);
    expect(canEnd(row(0, 1))).toBe(true);
    for (const code of [1, 2, 3, 4] as const) {
      expect(canContinue(row(code, 2))).toBe(false);
      expect(canEnd(row(code, 2))).toBe(false);
    }
  });

  it('offers View details only for paid orders in progress or succeeded', () => {
    expect(canViewDetails(row(1, 2))).toBe(true);
    expect(canViewDetails(row(2, 2))).toBe(true);
    expect(canViewDetails(row(0, 1))).toBe(false);
    expect(canViewDetails(row(3, 3))).toBe(false);
    expect(canViewDetails(row(4, 3))).toBe(false);
  });

  it('shows an empty text as a dash', () => {
    expect(orDash('')).toBe('-');
    expect(orDash(' ')).toBe('-');
    expect(orDash('待支付')).toBe('待支付');
  });

  it('builds the wizard, pushed pay and detail paths', () => {
    expect(wizardHref(1, { id: 7, type: 3, addOrder: 0 })).toBe('/attestation-all/data/readingMaterial/applicationForm/7/3?addOrder=0');
    expect(wizardHref(4, { id: 7, type: 1, addOrder: 1 }, 'G1')).toBe(
      '/attestation-all/data/readingMaterial/pay/7/1?addOrder=1&orderNo=G1',
    );
    expect(detailHref({ id: 9, type: 2 })).toBe('/notary/detail?orderId=9&type=2');
    expect(detailHref({ id: 9, type: 2 }, '/orders')).toBe('/notary/detail?orderId=9&type=2&goBackUrl=%2Forders');
    expect(stepOfSegment('deCode')).toBe(3);
    expect(stepOfSegment('nope')).toBeNull();
  });

  it('goes back only to a same-origin path', () => {
    expect(safeBackPath('/orders?tab=3')).toBe('/orders?tab=3');
    expect(safeBackPath('https://evil.example/')).toBe('/notary');
    expect(safeBackPath('//evil.example')).toBe('/notary');
    expect(safeBackPath(null)).toBe('/notary');
  });

  it('picks the columns by evidence type', () => {
    expect([1, 2, 3, 4, 5].map((t) => dataKindOf(t as 1))).toEqual(['data', 'process', 'web', 'process', 'data']);
  });
});

describe('document download (spec section 7)', () => {
  it('forces https only on the notary production domain', () => {
    expect(downloadUrlFor('http://gz.example.cn/a.pdf', 'gz.example.cn', 'gz.example.cn')).toBe('https://gz.example.cn/a.pdf');
    expect(downloadUrlFor('http://gz.example.cn/a.pdf', 'localhost:8080', 'gz.example.cn')).toBe('http://gz.example.cn/a.pdf');
    expect(downloadUrlFor('/api/files/download?k=1', 'gz.example.cn', 'gz.example.cn')).toBe('/api/files/download?k=1');
    expect(downloadUrlFor('http://x/a.pdf', 'x', '')).toBe('http://x/a.pdf');
  });

  it('opens a hidden frame and removes it after 300000 ms', () => {
    const appended: unknown[] = [];
    const removed = vi.fn();
    const frame = { src: '', hidden: false, tabIndex: 0, dataset: {} as Record<string, string>, setAttribute: vi.fn(), remove: removed };
    const timers: [() => void, number][] = [];
    const host = {
      document: { createElement: () => frame, body: { appendChild: (node: unknown) => appended.push(node) } },
      setTimeout: (run: () => void, ms: number) => timers.push([run, ms]),
    } as unknown as Parameters<typeof openInHiddenFrame>[1];
    openInHiddenFrame('/api/files/download?k=1', host);
    expect(appended).toEqual([frame]);
    expect(frame).toMatchObject({ src: '/api/files/download?k=1', hidden: true });
    expect(timers.map(([, ms]) => ms)).toEqual([DOWNLOAD_FRAME_LIFETIME_MS]);
    expect(DOWNLOAD_FRAME_LIFETIME_MS).toBe(300000);
    expect(removed).not.toHaveBeenCalled();
    timers[0]?.[0]();
    expect(removed).toHaveBeenCalledOnce();
  });
});
