import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { NOTARY_RECORDS_MAX, type NotaryDataRow, type UserInfo } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { $user } from '@/entities/session';
import {
  $count,
  $hasDefaultSeal,
  $pageSelected,
  $pricePerRecord,
  $rows,
  $selected,
  $totalPoints,
  applyClicked,
  pageChanged,
  pageSelectionToggled,
  rowToggled,
  SelectGate,
  typeChanged,
} from './select';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

const verified: UserInfo = {
  phone: '13800138000',
  userStatus: 3,
  status: 1,
  authType: 1,
  repairType: 0,
  points: 0,
  newsNum: 0,
  contactPhone: '',
  company: '',
  contactName: '',
  language: null,
};

/** Page `page` of records of `type`: ids type*1000 + page*10 + 0..9 (60 records a type). */
const rowsOf = (type: 1 | 3, page: number): NotaryDataRow[] =>
  Array.from({ length: 10 }, (_, i) => {
    const id = type * 1000 + page * 10 + i;
    return type === 3
      ? { id, type, baoquan_no: `W${id}`, name: 'page', url: 'https://example.com', label: '', time: '' }
      : {
          id,
          type,
          baoquan: `B${id}`,
          title: 'a.pdf',
          label: '',
          saveTime: '',
          fileType: 'document' as const,
          fileUrl: 'x',
          fileStatus: 1 as const,
        };
  });

function setup() {
  const calls: RequestConfig[] = [];
  const toast = vi.fn();
  const navigate = vi.fn();
  const scope = fork({
    values: [[$user, verified]],
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          if (config.path === '/notary/create')
            return { id: 9, orderNo: 'N9', type: 1, addTime: '', money: 0, pay: '', payType: '', addOrder: 0, proOrderNo: '', step: 1 };
          const query = config.query as { type: 1 | 3; page: number };
          return { count: 60, list: rowsOf(query.type, query.page), pricePerRecord: 20, hasDefaultSeal: false };
        },
      ],
      [showToastFx, toast],
      [navigateFx, (_: unknown, params: unknown) => navigate(params)],
    ],
  });
  const listQueries = () => calls.filter((c) => c.path === '/notary/evidenceList').map((c) => c.query);
  return { scope, calls, toast, navigate, listQueries };
}

describe('/notary/selectList model (spec section 2)', () => {
  it('lists records of the type in the address, keeps choices across pages, and makes the order of them', async () => {
    const { scope, calls, navigate, listQueries } = setup();
    await allSettled(SelectGate.open, { scope, params: { type: 1 } });
    expect(listQueries()).toEqual([{ type: 1, page: 1 }]);
    expect(scope.getState($count)).toBe(60);
    await allSettled(rowToggled, { scope, params: 1010 });
    await allSettled(pageChanged, { scope, params: 2 });
    expect(listQueries().at(-1)).toEqual({ type: 1, page: 2 });
    await allSettled(pageSelectionToggled, { scope });
    expect(scope.getState($pageSelected)).toBe(true);
    expect(scope.getState($selected)).toEqual([1010, ...rowsOf(1, 2).map((r) => r.id)]);
    // Toggling a page already chosen takes only that page's records out.
    await allSettled(pageSelectionToggled, { scope });
    expect(scope.getState($selected)).toEqual([1010]);
    await allSettled(rowToggled, { scope, params: 1020 });

    await allSettled(applyClicked, { scope });
    expect(calls.find((c) => c.path === '/notary/create')?.body).toEqual({ type: 1, ids: '1010,1020' });
    expect(navigate).toHaveBeenCalledWith('/attestation-all/data/readingMaterial/applicationForm/9/1?addOrder=0');
  });

  it('starts afresh for another type (an order holds one type), any of 1-5', async () => {
    const { scope, listQueries } = setup();
    await allSettled(SelectGate.open, { scope, params: { type: 3 } });
    expect(listQueries()).toEqual([{ type: 3, page: 1 }]);
    await allSettled(SelectGate.close, { scope, params: { type: 3 } });
    await allSettled(SelectGate.open, { scope, params: { type: 1 } });
    expect(listQueries()).toEqual([
      { type: 3, page: 1 },
      { type: 1, page: 1 },
    ]);
    await allSettled(rowToggled, { scope, params: 1010 });
    await allSettled(pageChanged, { scope, params: 3 });
    await allSettled(typeChanged, { scope, params: 3 });
    expect(listQueries().at(-1)).toEqual({ type: 3, page: 1 });
    expect(scope.getState($selected)).toEqual([]);
    expect(scope.getState($rows).every((r) => r.type === 3)).toBe(true);
  });

  it(`refuses more than ${NOTARY_RECORDS_MAX} records, one by one or a page at a time`, async () => {
    const { scope, toast } = setup();
    await allSettled(SelectGate.open, { scope, params: { type: 1 } });
    for (let page = 1; page <= 5; page++) {
      await allSettled(pageChanged, { scope, params: page });
      await allSettled(pageSelectionToggled, { scope });
    }
    expect(scope.getState($selected)).toHaveLength(NOTARY_RECORDS_MAX);
    expect(toast).not.toHaveBeenCalled();
    await allSettled(pageChanged, { scope, params: 6 });
    await allSettled(pageSelectionToggled, { scope });
    await allSettled(rowToggled, { scope, params: 1060 });
    expect(scope.getState($selected)).toHaveLength(NOTARY_RECORDS_MAX);
    expect(toast).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'validation:notaryRecordsMax' });
  });

  it('shows the price per record and the total of the chosen records, and whether a default seal exists, before the order', async () => {
    const { scope } = setup();
    expect(scope.getState($totalPoints)).toBeNull();
    await allSettled(SelectGate.open, { scope, params: { type: 1 } });
    expect(scope.getState($pricePerRecord)).toBe(20);
    expect(scope.getState($hasDefaultSeal)).toBe(false);
    expect(scope.getState($totalPoints)).toBe(0);
    await allSettled(rowToggled, { scope, params: 1010 });
    await allSettled(rowToggled, { scope, params: 1011 });
    expect(scope.getState($totalPoints)).toBe(40);
  });
});
