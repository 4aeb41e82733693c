import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceDeskDetail } from '@contracts';
import { showToastFx } from '@/shared/ui';
import {
  electronicIssueBody,
  invoiceDetailFx,
  invoiceIssueElectronicFx,
  invoiceIssueFx,
  invoiceListFx,
  invoiceSubmitFx,
} from '../api/finance';
import {
  $fileErrors,
  $issueOpen,
  fileChosen,
  InvoiceDetailGate,
  issueForm,
  issueOpened,
  issueSubmitted,
  submitForm,
  submitOpened,
  submitSubmitted,
} from './detail';
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

  it('submit with a remark; issue a paper invoice with its courier, an electronic one with its number, date and PDF', async () => {
    const issue = vi.fn(() => null);
    const electronic = vi.fn((params: unknown) => {
      void params;
      return null;
    });
    const submit = vi.fn(() => null);
    const scope = fork({
      handlers: [
        [invoiceDetailFx, () => application('ENTERPRISE_SPECIAL')],
        [invoiceIssueFx, issue],
        [invoiceIssueElectronicFx, electronic],
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
    expect(scope.getState(issueForm.$errors)).toEqual({ courierCompany: 'courierCompany', courierNumber: 'courierNumber' });
    await allSettled(issueForm.fieldChanged, { scope, params: { name: 'courierCompany', value: 'SF' } });
    await allSettled(issueForm.fieldChanged, { scope, params: { name: 'courierNumber', value: 'SF1234567890' } });
    await allSettled(issueSubmitted, { scope });
    expect(issue).toHaveBeenLastCalledWith({ id: 4, courierCompany: 'SF', courierNumber: 'SF1234567890' });
    expect(scope.getState($issueOpen)).toBe(false);

    await allSettled(issueOpened, { scope, params: application('ENTERPRISE') });
    expect(scope.getState(issueForm.$values).email).toBe('li@example.cn');
    await allSettled(issueForm.fieldChanged, { scope, params: { name: 'invoiceNumber', value: '12345678' } });
    await allSettled(issueForm.fieldChanged, { scope, params: { name: 'invoiceCode', value: '044031900111' } });
    await allSettled(issueForm.fieldChanged, { scope, params: { name: 'invoiceDate', value: '2025-01-06' } });
    await allSettled(issueSubmitted, { scope });
    expect(electronic).not.toHaveBeenCalled();
    expect(scope.getState($fileErrors).invoice).toBe('fileRequired');
    await allSettled(fileChosen, { scope, params: { slot: 'invoice', file: new File(['\x89PNG'], 'a.png') } });
    expect(scope.getState($fileErrors).invoice).toBe('fileType');
    const pdf = new File(['%PDF-1.4 invoice'], 'invoice.pdf', { type: 'application/pdf' });
    await allSettled(fileChosen, { scope, params: { slot: 'invoice', file: pdf } });
    expect(scope.getState($fileErrors).invoice).toBeNull();
    await allSettled(issueSubmitted, { scope });
    expect(electronic).toHaveBeenLastCalledWith({
      id: 4,
      email: 'li@example.cn',
      invoiceNumber: '12345678',
      invoiceCode: '044031900111',
      invoiceDate: '2025-01-06',
      invoice: pdf,
      xml: null,
    });
    const body = electronicIssueBody(electronic.mock.calls[0]![0] as Parameters<typeof electronicIssueBody>[0]);
    expect([...body.keys()]).toEqual(['id', 'email', 'invoiceNumber', 'invoiceCode', 'invoiceDate', 'invoice']);
  });
});
