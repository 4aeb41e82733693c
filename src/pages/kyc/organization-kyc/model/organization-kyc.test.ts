import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { authInfoFx, companyAuthorizeFx } from '@/entities/kyc';
import type { AuthInfo } from '@contracts';
import { showToastFx } from '@/shared/ui';
import { $reason, $view, orgForm, orgImages, OrganizationKycGate, orgViewOf } from './organization-kyc';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const VALID = {
  company: 'Example Ltd',
  taxNumber: '91440300708461136T',
  address: 'Road 1',
  legalName: '\u5f20\u4e09',
  legalPhone: '13800138001',
  legalIdcard: '11010519491231002X',
  legalAddress: 'Road 2',
  accountName: 'Example Ltd',
  accountBank: 'Bank',
  accountNo: '6225880123456789',
  contactName: '\u674e\u56db',
  contactPhone: '13800138002',
  contactIdcard: '440301198501011236',
  authorName: '\u738b\u4e94',
  authorSex: '1',
  authorBrith: '1990-03-07',
  authorPhone: '13800138003',
  authorIdcard: '320102199003070017',
  authorAddress: 'Road 3',
};
const info = (patch: Partial<AuthInfo>): AuthInfo => ({
  userStatus: 1,
  status: 1,
  authType: 0,
  repairType: 0,
  state: '',
  reason: '',
  repairReason: '',
  submittedAt: '',
  organization: null,
  person: null,
  images: [],
  ...patch,
});
const image = (name = 'a.png', type = 'image/png', size = 100) => new File([new Uint8Array(size)], name, { type });

function setup(current: AuthInfo) {
  const submit = vi.fn(() => null);
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [authInfoFx, () => current],
      [companyAuthorizeFx, submit],
      [showToastFx, toast],
    ],
  });
  return { scope, submit, toast };
}

describe('organisation verification form', () => {
  it('shows the form for userStatus 1 and 4, the review for 2, verified for 3', () => {
    expect(orgViewOf(null)).toBe('loading');
    expect(orgViewOf(info({ userStatus: 1 }))).toBe('form');
    expect(orgViewOf(info({ userStatus: 4, status: 2 }))).toBe('form');
    expect(orgViewOf(info({ userStatus: 2, status: 2 }))).toBe('review');
    expect(orgViewOf(info({ userStatus: 3, status: 2 }))).toBe('verified');
    expect(orgViewOf(info({ userStatus: 2, status: 1 }))).toBe('personal');
  });

  it('refuses to send without every field and image, with the spec messages', async () => {
    const { scope, submit } = setup(info({}));
    await allSettled(OrganizationKycGate.open, { scope, params: {} });
    await allSettled(orgForm.submitted, { scope });
    const errors = scope.getState(orgForm.$errors);
    expect(errors.taxNumber).toBe('required|taxNumber');
    expect(errors.authorSex).toBe('genderRequired');
    expect(errors.legalPhone).toBe('phoneEmpty');
    expect(scope.getState(orgImages.$errors)).toMatchObject({ license: 'imageRequired|license', file: 'imageRequired|file' });
    await allSettled(orgImages.fileChosen, { scope, params: { field: 'license', file: image('a.gif', 'image/gif') } });
    expect(scope.getState(orgImages.$errors).license).toBe('orgImageType');
    await allSettled(orgImages.fileChosen, {
      scope,
      params: { field: 'license', file: image('a.png', 'image/png', 20 * 1024 * 1024 + 1) },
    });
    expect(scope.getState(orgImages.$errors).license).toBe('orgImageSize');
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the fields and the five images, then refreshes', async () => {
    const { scope, submit, toast } = setup(info({}));
    await allSettled(OrganizationKycGate.open, { scope, params: {} });
    await allSettled(orgForm.valuesPatched, { scope, params: VALID });
    for (const field of ['license', 'legalFile', 'file', 'authorFront', 'authorBack'] as const) {
      await allSettled(orgImages.fileChosen, { scope, params: { field, file: image(`${field}.jpg`, 'image/jpeg') } });
    }
    await allSettled(orgForm.submitted, { scope });
    expect(submit).toHaveBeenCalledTimes(1);
    const [params] = submit.mock.calls[0] as unknown as [{ fields: Record<string, string>; files: Record<string, File> }];
    expect(params.fields.legalIdcard).toBe('11010519491231002X');
    expect(Object.keys(params.files).sort()).toEqual(['authorBack', 'authorFront', 'file', 'legalFile', 'license']);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('after a refusal shows the reason and fills the form again without the masked numbers', async () => {
    const organization = {
      ...VALID,
      legalIdcard: '110***********002X',
      accountNo: '************6789',
      legalPhone: '138****8001',
      contactPhone: '138****8002',
      contactIdcard: '440***********1236',
      authorPhone: '138****8003',
      authorIdcard: '320***********0017',
    };
    const { scope } = setup(info({ userStatus: 4, status: 2, state: 'rejected', reason: 'blurred', organization }));
    await allSettled(OrganizationKycGate.open, { scope, params: {} });
    expect(scope.getState($view)).toBe('form');
    expect(scope.getState($reason)).toBe('blurred');
    const values = scope.getState(orgForm.$values);
    expect(values.company).toBe('Example Ltd');
    expect(values.legalIdcard).toBe('');
    expect(values.accountNo).toBe('');
  });

  it('keeps what the person typed when the refused submission arrives after they started typing', async () => {
    const { scope } = setup(info({ userStatus: 4, status: 2, state: 'rejected', reason: 'blurred', organization: VALID }));
    // Opened again: the answer of the last visit is on screen while the new one is on its way.
    await allSettled(OrganizationKycGate.open, { scope, params: {} });
    await allSettled(OrganizationKycGate.close, { scope, params: {} });
    const opened = allSettled(OrganizationKycGate.open, { scope, params: {} });
    await allSettled(orgForm.fieldChanged, { scope, params: { name: 'company', value: 'Typed Ltd' } });
    await opened;
    const values = scope.getState(orgForm.$values);
    expect(values.company).toBe('Typed Ltd');
    expect(values.taxNumber).toBe(VALID.taxNumber);
  });
});
