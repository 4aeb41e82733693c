import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceDeskDetail } from '@/shared/api';
import { showToastFx } from '@/shared/ui';
import { invoiceDetailFx, invoiceIssueFx, invoiceListFx, invoiceSubmitFx } from '../api/finance';
import { $issueOpen, InvoiceDetailGate, issueForm, issueOpened, issueSubmitted, submitForm, submitOpened, submitSubmitted } from './detail';
import { drafts, InvoiceListGate, statusChanged } from './list';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const application = (type: string): InvoiceDeskDetail =>
  ({ id: 4, applyNo: 'F4', status: 2, type, email: 'li@example.cn' }) as InvoiceDeskDetail;

describe('finance desk models', () => {
  it('applications by status, number and phone', async () => {
    const list = vi.fn(() => ({ count: 0, list: [] }));
    const scope = fork({ handlers: [[invoiceListFx, list]] });
    await allSettled(InvoiceListGate.open, { scope, params: {} });
    expect(list).toHaveBeenLastCalledWith({ page: 1, status: 0, applyNo: '', phone: '' });
    await allSettled(statusChanged, { scope, params: 1 });
    await allSettled(drafts.draftChanged, { scope, params: { applyNo: 'F4' } });
    await allSettled(drafts.draftsSubmitted, { scope });
    expect(list).toHaveBeenLastCalledWith({ page: 1, status: 1, applyNo: 'F4', phone: '' });
  });

  it('submit with a remark; issue a paper invoice with a checked courier number, an electronic one to the applied e-mail', async () => {
    const issue = vi.fn(() => null);
    const submit = vi.fn(() => null);
    const scope = fork({
      handlers: [
        [invoiceDetailFx, () => application('ENTERPRISE_SPECIAL')],
        [invoiceIssueFx, issue],
        [invoiceSubmitFx, submit],
        [showToastFx, vi.fn()],
      ],
    });
    await allSettled(InvoiceDetailGate.open, { scope, params: { id: 4 } });
    await allSettled(submitOpened, { scope });
    await allSettled(submitForm.fieldChanged, { scope, params: { name: 'remark', value: ' checked ' } });
    await allSettled(submitSubmitted, { scope });
    expect(submit).toHaveBeenCalledWith({ id: 4, remark: 'checked' });

    await allSettled(issueOpened, { scope, params: application('ENTERPRISE_SPECIAL') });
    await allSettled(issueSubmitted, { scope });
    expect(issue).not.toHaveBeenCalled();
    expect(scope.getState(issueForm.$errors)).toEqual({ courierNumber: 'courierNumber' });
    await allSettled(issueForm.fieldChanged, { scope, params: { name: 'courierNumber', value: 'SF1234567890' } });
    await allSettled(issueSubmitted, { scope });
    expect(issue).toHaveBeenLastCalledWith({ id: 4, courierNumber: 'SF1234567890', email: '' });
    expect(scope.getState($issueOpen)).toBe(false);

    await allSettled(issueOpened, { scope, params: application('ENTERPRISE') });
    expect(scope.getState(issueForm.$values).email).toBe('li@example.cn');
    await allSettled(issueSubmitted, { scope });
    expect(issue).toHaveBeenLastCalledWith({ id: 4, courierNumber: '', email: 'li@example.cn' });
  });
});
