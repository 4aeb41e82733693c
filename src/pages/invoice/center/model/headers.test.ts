import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceHeader } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { addInvoiceFx, delInvoiceFx, editInvoiceFx, riseListFx } from '@/entities/invoice';
import { $formOpen, $special, addClicked, deleteClicked, editClicked, headerForm, HeadersGate } from './headers';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({
  translate: (key: string, values?: Record<string, unknown>) => (values ? `${key}:${JSON.stringify(values)}` : key),
  translateMessage: (ref: string) => `validation:${ref}`,
}));

const header = (id: number, type: InvoiceHeader['type'] = 'ENTERPRISE_SPECIAL'): InvoiceHeader => ({
  id,
  head: `公司${id}`,
  type,
  taxNum: '91440300708461136T',
  bankName: type === 'ENTERPRISE' ? '' : '招商银行',
  account: type === 'ENTERPRISE' ? '' : '6225880123456789',
  street: type === 'ENTERPRISE' ? '' : '深圳市南山区1号',
  phoneNumber: type === 'ENTERPRISE' ? '' : '0755-12345678',
});

function setup(count = 1, confirmed = true) {
  const list = vi.fn(() => ({ list: Array.from({ length: count }, (_, i) => header(i + 1)), max: 5 }));
  const add = vi.fn((_fields: unknown) => header(9));
  const edit = vi.fn((_fields: unknown) => header(1));
  const del = vi.fn((_id: number) => null);
  const confirm = vi.fn((_params: unknown) => confirmed);
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [riseListFx, list],
      [addInvoiceFx, add],
      [editInvoiceFx, edit],
      [delInvoiceFx, del],
      [showConfirmFx, confirm],
      [showToastFx, toast],
    ],
  });
  return { scope, list, add, edit, del, confirm, toast };
}

describe('invoice header management', () => {
  it('refuses to open the form at five headers with the spec message', async () => {
    const { scope, toast } = setup(5);
    await allSettled(HeadersGate.open, { scope, params: {} });
    await allSettled(addClicked, { scope });
    expect(scope.getState($formOpen)).toBe(false);
    expect(toast).toHaveBeenCalledWith({ type: 'error', text: 'validation:invoiceHeaderLimit' });
  });

  it('requires head and tax number always, the bank and registered details only for the special invoice', async () => {
    const { scope, add, toast, list } = setup(1);
    await allSettled(HeadersGate.open, { scope, params: {} });
    await allSettled(addClicked, { scope });
    expect(scope.getState($formOpen)).toBe(true);
    await allSettled(headerForm.submitted, { scope });
    expect(scope.getState(headerForm.$errors)).toEqual({ head: 'required|invoiceHead', taxNum: 'required|taxNum' });

    await allSettled(headerForm.fieldChanged, { scope, params: { name: 'type', value: 'ENTERPRISE_SPECIAL' } });
    expect(scope.getState($special)).toBe(true);
    await allSettled(headerForm.valuesPatched, { scope, params: { head: '深圳市示例科技有限公司', taxNum: '91440300708461136t' } });
    await allSettled(headerForm.submitted, { scope });
    expect(scope.getState(headerForm.$errors)).toEqual({
      bankName: 'required|accountBank',
      account: 'required|accountNo',
      street: 'required|registeredAddress',
      phoneNumber: 'required|registeredPhone',
    });
    expect(add).not.toHaveBeenCalled();

    // Back to the electronic invoice: the special fields are optional again and their messages go.
    await allSettled(headerForm.fieldChanged, { scope, params: { name: 'type', value: 'ENTERPRISE' } });
    expect(scope.getState(headerForm.$errors)).toEqual({});
    await allSettled(headerForm.submitted, { scope });
    expect(add).toHaveBeenCalledWith({
      type: 'ENTERPRISE',
      head: '深圳市示例科技有限公司',
      taxNum: '91440300708461136T',
      bankName: '',
      account: '',
      street: '',
      phoneNumber: '',
    });
    expect(scope.getState($formOpen)).toBe(false);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'invoice:headers.added' });
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('edits: fills the form with the header and sends its id', async () => {
    const { scope, edit, toast } = setup(2);
    await allSettled(HeadersGate.open, { scope, params: {} });
    await allSettled(editClicked, { scope, params: header(2) });
    expect(scope.getState(headerForm.$values)).toMatchObject({ type: 'ENTERPRISE_SPECIAL', head: '公司2', bankName: '招商银行' });
    await allSettled(headerForm.fieldChanged, { scope, params: { name: 'account', value: '12ab' } });
    await allSettled(headerForm.submitted, { scope });
    expect(scope.getState(headerForm.$errors)).toEqual({ account: 'digits8to25|accountNo' });
    await allSettled(headerForm.fieldChanged, { scope, params: { name: 'account', value: '6225 8801 2345 6789' } });
    await allSettled(headerForm.submitted, { scope });
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ id: 2, head: '公司2', account: '6225880123456789' }));
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'invoice:headers.updated' });
  });

  it('deletes only after confirmation, with the toast 已删除该条发票抬头', async () => {
    const declined = setup(2, false);
    await allSettled(deleteClicked, { scope: declined.scope, params: header(2) });
    expect(declined.confirm).toHaveBeenCalled();
    expect(declined.del).not.toHaveBeenCalled();

    const { scope, del, toast, list } = setup(2, true);
    await allSettled(deleteClicked, { scope, params: header(2) });
    expect(del).toHaveBeenCalledWith(2);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: 'invoice:headers.deleted' });
    expect(list).toHaveBeenCalledTimes(1);
  });
});
