import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { addAddressFx, addressListFx, deleteAddressFx, districtFx, editAddressFx, setDefaultAddressFx } from '@/entities/address';
import {
  $formOpen,
  $levels,
  addClicked,
  AddressGate,
  addressForm,
  deleteClicked,
  editClicked,
  loadRegionFx,
  regionChosen,
  setDefaultClicked,
} from './address';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const address = (id: number, status: 0 | 1 = 0): Address => ({
  id,
  name: `张三${id}`,
  province: '广东省',
  city: '深圳市',
  area: '南山区',
  provinceCode: '440000',
  cityCode: '440300',
  areaCode: '440305',
  address: '科技园1号',
  phoneNumber: '13800138000',
  email: 'a@example.com',
  status,
  noInvoiceMail: false,
});

const DISTRICTS: Record<string, { code: string; name: string; leaf: boolean; noInvoiceMail: boolean }[]> = {
  '': [{ code: '440000', name: '广东省', leaf: false, noInvoiceMail: false }],
  '440000': [{ code: '440300', name: '深圳市', leaf: false, noInvoiceMail: false }],
  '440300': [{ code: '440305', name: '南山区', leaf: true, noInvoiceMail: false }],
};

function setup(count = 1) {
  const list = vi.fn(() => ({ list: Array.from({ length: count }, (_, i) => address(i + 1, i === 0 ? 1 : 0)), max: 5 }));
  const district = vi.fn((code: string) => ({ list: DISTRICTS[code] ?? [] }));
  const add = vi.fn(() => address(9));
  const edit = vi.fn(() => address(1));
  const del = vi.fn(() => null);
  const setDefault = vi.fn(() => null);
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [addressListFx, list],
      [districtFx, district],
      [addAddressFx, add],
      [editAddressFx, edit],
      [deleteAddressFx, del],
      [setDefaultAddressFx, setDefault],
      [showConfirmFx, () => true],
      [showToastFx, toast],
    ],
  });
  return { scope, list, district, add, edit, del, setDefault, toast };
}

const VALID = { name: '李四', address: '长安街1号', phoneNumber: '13900139000', email: 'li@example.com' };

describe('address page model', () => {
  it('loads the list and the provinces when opened, other levels on demand and only once', async () => {
    const { scope, district } = setup();
    await allSettled(AddressGate.open, { scope, params: {} });
    expect(district).toHaveBeenCalledWith('');
    expect(scope.getState($levels)['']?.map((region) => region.name)).toEqual(['广东省']);
    await allSettled(loadRegionFx, { scope, params: '440000' });
    await allSettled(loadRegionFx, { scope, params: '440000' });
    expect(district.mock.calls.filter(([code]) => code === '440000')).toHaveLength(1);
    expect(Object.keys(scope.getState($levels)).sort()).toEqual(['', '440000']);
  });

  it('checks the form with the spec messages and adds a valid address with its region', async () => {
    const { scope, add, toast, list } = setup();
    await allSettled(AddressGate.open, { scope, params: {} });
    await allSettled(addClicked, { scope });
    expect(scope.getState($formOpen)).toBe(true);
    await allSettled(addressForm.submitted, { scope });
    expect(scope.getState(addressForm.$errors)).toMatchObject({
      name: 'contactRequired',
      province: 'regionRequired',
      address: 'required|detailAddress',
      phoneNumber: 'phoneEmpty',
      email: 'required|email',
    });
    expect(add).not.toHaveBeenCalled();
    await allSettled(addressForm.valuesPatched, { scope, params: { ...VALID, email: 'bad' } });
    await allSettled(regionChosen, { scope, params: ['440000', '440300', '440305'] });
    await allSettled(addressForm.submitted, { scope });
    expect(scope.getState(addressForm.$errors)).toEqual({ email: 'email' });
    await allSettled(addressForm.fieldChanged, { scope, params: { name: 'email', value: 'li@example.com' } });
    await allSettled(addressForm.submitted, { scope });
    expect(add).toHaveBeenCalledWith({ ...VALID, province: '440000', city: '440300', area: '440305', status: '0' });
    expect(scope.getState($formOpen)).toBe(false);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: expect.any(String) });
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('refuses to open the form at five addresses (最多保存5个地址)', async () => {
    const { scope, toast } = setup(5);
    await allSettled(AddressGate.open, { scope, params: {} });
    await allSettled(addClicked, { scope });
    expect(scope.getState($formOpen)).toBe(false);
    expect(toast).toHaveBeenCalledWith({ type: 'error', text: expect.any(String) });
  });

  it('edits: fills the form, loads the region path, sends the id', async () => {
    const { scope, edit, district } = setup(2);
    await allSettled(AddressGate.open, { scope, params: {} });
    await allSettled(editClicked, { scope, params: address(2) });
    expect(district).toHaveBeenCalledWith('440000');
    expect(district).toHaveBeenCalledWith('440300');
    expect(scope.getState(addressForm.$values)).toMatchObject({
      name: '张三2',
      province: '440000',
      city: '440300',
      area: '440305',
      status: '0',
    });
    await allSettled(addressForm.fieldChanged, { scope, params: { name: 'status', value: '1' } });
    await allSettled(addressForm.submitted, { scope });
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: '张三2', status: '1' }));
  });

  it('sets the default and deletes after confirmation', async () => {
    const { scope, setDefault, del } = setup(2);
    await allSettled(setDefaultClicked, { scope, params: address(1, 1) });
    expect(setDefault).not.toHaveBeenCalled();
    await allSettled(setDefaultClicked, { scope, params: address(2) });
    expect(setDefault).toHaveBeenCalledWith(2);
    await allSettled(deleteClicked, { scope, params: address(2) });
    expect(del).toHaveBeenCalledWith(2);
  });
});
