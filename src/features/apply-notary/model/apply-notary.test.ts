import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { type NotaryState, type UserInfo } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { $user } from '@/entities/session';
import {
  flagsForStep,
  flagsOnOpen,
  furthestOpenStep,
  INITIAL_FLAGS,
  isStepOpen,
  parseStoredWizard,
  resumeFlags,
} from '../lib/wizard-flags';
import { applyRequested } from './access';
import { createOrderRequested } from './create-order';
import { $sealFileError, sealFileChosen, sealForm } from './seal';
import {
  $activeStep,
  $flags,
  $insufficient,
  $state,
  applicationForm,
  decodeAgreedToggled,
  decodeClicked,
  formSubmitted,
  materialsReadToggled,
  payClicked,
  signClicked,
  WIZARD_STORAGE_KEY,
  WizardGate,
  wizardResumed,
} from './wizard';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

/** A session storage for the node test environment. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}
let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

const user = (patch: Partial<UserInfo>): UserInfo => ({
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
  ...patch,
});

const state = (step: 1 | 2 | 3 | 4, patch: Partial<NotaryState> = {}): NotaryState => ({
  order: { id: 7, orderNo: 'N1', type: 1, addTime: '', money: 40, pay: '待支付', payType: '', addOrder: 0, proOrderNo: '' },
  step,
  notarialCode: 0,
  number: 2,
  itemIds: [11, 12],
  price: 20,
  applicant: { status: 1, name: 'A', idNumber: '110***', contactName: 'A', contactPhone: '138****8000' },
  application: null,
  seal: null,
  signedAt: '',
  decodeAt: '',
  points: 100,
  payMethod: 0,
  transfer: { status: 0, imageUrl: '', submittedAt: '', rejectReason: '' },
  bank: { accountName: 'O', bankName: 'B', accountNo: '6222' },
  ...patch,
});

/** The API as the wizard meets it: `answer` per path (a function may throw to refuse). */
function setup(answers: Record<string, (config: RequestConfig) => unknown>, values: [unknown, unknown][] = []) {
  const calls: RequestConfig[] = [];
  const navigate = vi.fn();
  const toast = vi.fn();
  const confirm = vi.fn(() => true);
  const scope = fork({
    values: values as never,
    handlers: [
      [
        requestFx,
        (_: unknown, { config }: { config: RequestConfig }) => {
          calls.push(config);
          const answer = answers[config.path];
          if (!answer) throw new Error(`unexpected call ${config.path}`);
          return answer(config);
        },
      ],
      // navigateFx is attached to the router store: its replaced handler gets (router, params).
      [navigateFx, (_: unknown, params: unknown) => navigate(params)],
      [showToastFx, toast],
      [showConfirmFx, confirm],
    ],
  });
  return { scope, calls, navigate, toast, confirm };
}

const noAddresses = { '/User/addressList': () => ({ max: 5, list: [] }) };

describe('wizard flags (spec section 3)', () => {
  it('open the steps up to the current one and close the rest', () => {
    expect(flagsForStep(1)).toEqual(INITIAL_FLAGS);
    expect(INITIAL_FLAGS).toEqual({
      disabled: false,
      applyDisabled: true,
      disabledSign: true,
      signTure: false,
      disabledDecode: true,
      decodeList: [],
      payment: false,
    });
    expect(flagsForStep(2)).toMatchObject({ disabled: true, disabledSign: false, signTure: false, disabledDecode: true, payment: false });
    expect(flagsForStep(3)).toMatchObject({ signTure: true, disabledDecode: false, payment: false });
    expect(flagsForStep(4, [1, 2])).toMatchObject({ decodeList: [1, 2], payment: true });
    expect([1, 2, 3, 4].map((s) => isStepOpen(flagsForStep(2), s as 1))).toEqual([true, true, false, false]);
    expect(furthestOpenStep(flagsForStep(3))).toBe(3);
  });

  it('reset on Continue: the first step clears all and removes the stored state; signature disables decryption and payment', () => {
    expect(resumeFlags(1)).toEqual({ flags: INITIAL_FLAGS, clearStored: true });
    const signing = resumeFlags(2);
    expect(signing.clearStored).toBe(false);
    expect(signing.flags).toMatchObject({ disabledSign: false, disabledDecode: true, payment: false });
    expect(resumeFlags(4, [5]).flags).toMatchObject({ payment: true, decodeList: [5] });
  });

  it('keep the reading of the materials only for the same order at its first step', () => {
    const stored = { orderId: 7, flags: { ...INITIAL_FLAGS, applyDisabled: false }, draft: null };
    expect(flagsOnOpen(7, 1, [], stored).applyDisabled).toBe(false);
    expect(flagsOnOpen(8, 1, [], stored).applyDisabled).toBe(true);
    expect(flagsOnOpen(7, 2, [], stored)).toEqual(flagsForStep(2));
    expect(parseStoredWizard({ orderId: 7, flags: { disabled: 1 } })).toBeNull();
    expect(parseStoredWizard('x')).toBeNull();
  });
});

describe('access check (spec sections 5 and 8)', () => {
  it('lets a verified user on, tells an unverified one why not, asks a face user for the supplement', async () => {
    const verified = setup({}, [[$user, user({})]]);
    await allSettled(applyRequested, { scope: verified.scope, params: { next: '/notary/selectList' } });
    expect(verified.navigate).toHaveBeenCalledWith('/notary/selectList');

    const unverified = setup({}, [[$user, user({ userStatus: 2 })]]);
    await allSettled(applyRequested, { scope: unverified.scope, params: { next: '/notary/selectList' } });
    expect(unverified.navigate).not.toHaveBeenCalled();
    expect(unverified.toast).toHaveBeenCalledWith({ type: 'warning', text: 'notary:access.notVerified' });

    const face = setup({}, [[$user, user({ authType: 3, repairType: 1 })]]);
    await allSettled(applyRequested, { scope: face.scope, params: { next: '/notary/selectList' } });
    expect(face.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'notary:access.supplementTitle', okText: 'notary:access.goSupplement' }),
    );
    expect(face.navigate).toHaveBeenCalledWith('/personage-kyc');
  });
});

describe('creating an order', () => {
  it('asks for a selection, then makes the order and opens the wizard at the application form', async () => {
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ orderId: 3, flags: INITIAL_FLAGS, draft: null }));
    const { scope, calls, navigate, toast } = setup({ '/notary/create': () => ({ ...state(1).order, id: 9, type: 3, step: 1 }) });
    await allSettled(createOrderRequested, { scope, params: { type: 3, ids: [] } });
    expect(calls).toHaveLength(0);
    expect(toast).toHaveBeenCalledWith({ type: 'warning', text: 'validation:notaryRecordsRequired' });
    await allSettled(createOrderRequested, { scope, params: { type: 3, ids: [4, 5] } });
    expect(calls.at(-1)?.body).toEqual({ type: 3, ids: '4,5' });
    expect(navigate).toHaveBeenCalledWith('/attestation-all/data/readingMaterial/applicationForm/9/3?addOrder=0');
    expect(storage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
  });
});

describe('the wizard', () => {
  it('Continue resets the flags per step and clears the stored state for the first step', async () => {
    const { scope, navigate } = setup({});
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ orderId: 7, flags: flagsForStep(3), draft: null }));
    await allSettled(wizardResumed, { scope, params: { id: 7, type: 1, step: 1, addOrder: 0 } });
    expect(scope.getState($flags)).toEqual(INITIAL_FLAGS);
    expect(storage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
    expect(navigate).toHaveBeenLastCalledWith('/attestation-all/data/readingMaterial/applicationForm/7/1?addOrder=0');

    await allSettled(wizardResumed, { scope, params: { id: 7, type: 1, step: 2, addOrder: 0 } });
    expect(scope.getState($flags)).toMatchObject({ disabledSign: false, disabledDecode: true, payment: false });
    expect(navigate).toHaveBeenLastCalledWith('/attestation-all/data/readingMaterial/signature/7/1?addOrder=0');
  });

  it("opens at the order's step: a closed step in the address goes to the last open one", async () => {
    const { scope, navigate } = setup({ '/notary/state': () => state(2), ...noAddresses });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 4, type: 1, addOrder: 0 } });
    expect(scope.getState($state)?.step).toBe(2);
    expect(scope.getState($activeStep)).toBe(2);
    expect(navigate).toHaveBeenCalledWith({ to: '/attestation-all/data/readingMaterial/signature/7/1?addOrder=0', replace: true });
  });

  it('sends the form only after the materials are read, then moves to the signature', async () => {
    const saved = state(2, { application: { purpose: 1, purposeNote: '', copies: 2, delivery: 1, address: null } });
    const { scope, calls, navigate, toast } = setup({
      '/notary/state': () => state(1),
      '/notary/applicationForm': () => saved,
      ...noAddresses,
    });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 1, type: 1, addOrder: 0 } });
    await allSettled(applicationForm.valuesPatched, { scope, params: { purpose: '1', copies: '2', delivery: '1' } });
    await allSettled(formSubmitted, { scope });
    expect(toast).toHaveBeenCalledWith({ type: 'warning', text: 'notary:wizard.form.readFirst' });
    expect(calls.filter((c) => c.path === '/notary/applicationForm')).toHaveLength(0);

    await allSettled(materialsReadToggled, { scope, params: true });
    // The draft and the reading are stored for this order.
    expect(JSON.parse(storage.getItem(WIZARD_STORAGE_KEY) ?? '{}')).toMatchObject({
      orderId: 7,
      flags: { applyDisabled: false },
      draft: { purpose: '1', copies: '2' },
    });
    await allSettled(formSubmitted, { scope });
    expect(calls.find((c) => c.path === '/notary/applicationForm')?.body).toEqual({
      orderId: 7,
      purpose: '1',
      purposeNote: '',
      copies: '2',
      delivery: '1',
      addressId: '',
    });
    expect(scope.getState($flags)).toEqual(flagsForStep(2));
    expect(navigate).toHaveBeenCalledWith({ to: '/attestation-all/data/readingMaterial/signature/7/1?addOrder=0', replace: false });
  });

  it('checks the form on the client: "other" needs a description, mail needs an address', async () => {
    const { scope, calls } = setup({ '/notary/state': () => state(1), ...noAddresses });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 1, type: 1, addOrder: 0 } });
    await allSettled(materialsReadToggled, { scope, params: true });
    await allSettled(applicationForm.valuesPatched, { scope, params: { purpose: '4', delivery: '2', copies: '12' } });
    await allSettled(formSubmitted, { scope });
    expect(scope.getState(applicationForm.$errors)).toEqual({
      purposeNote: 'required|purposeNote',
      copies: 'notaryCopies',
      addressId: 'notaryAddressRequired',
    });
    expect(calls.filter((c) => c.path === '/notary/applicationForm')).toHaveLength(0);
  });

  it('signs, authorises decryption with consent, and pays with points when the balance covers it', async () => {
    let step: 2 | 3 | 4 = 2;
    const answers = {
      '/notary/state': () => state(step),
      '/notary/sign': () => ((step = 3), state(3)),
      '/notary/decode': () => ((step = 4), state(4)),
      '/notary/detail': () => ({ count: 0, info: {}, list: [] }),
      '/notary/payment': () => ({ orderNo: 'N1', proOrderNo: 'G1', money: 40, points: 30, number: 2, price: 20, addOrder: 1 }),
      '/Evidences/pay': () => ({ order_no: 'G1', points: 0 }),
      ...noAddresses,
    };
    const { scope, calls, toast } = setup(answers);
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 2, type: 1, addOrder: 0 } });
    await allSettled(signClicked, { scope });
    expect(calls.find((c) => c.path === '/notary/sign')?.body).toEqual({ orderId: 7 });
    expect(scope.getState($flags)).toMatchObject({ signTure: true, disabledDecode: false });

    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 3, type: 1, addOrder: 0 } });
    await allSettled(decodeClicked, { scope });
    expect(toast).toHaveBeenCalledWith({ type: 'warning', text: 'validation:notaryDecodeConsent' });
    await allSettled(decodeAgreedToggled, { scope, params: true });
    await allSettled(decodeClicked, { scope });
    expect(calls.find((c) => c.path === '/notary/decode')?.body).toEqual({ orderId: 7, agree: '1' });
    expect(scope.getState($flags)).toMatchObject({ payment: true, decodeList: [11, 12] });

    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 4, type: 1, addOrder: 0 } });
    expect(scope.getState($insufficient)).toBe(true);
    await allSettled(payClicked, { scope });
    expect(calls.filter((c) => c.path === '/Evidences/pay')).toHaveLength(0);
  });

  it("pays and goes to the order's detail", async () => {
    const { scope, calls, navigate } = setup({
      '/notary/state': () => state(4),
      '/notary/payment': () => ({ orderNo: 'N1', proOrderNo: 'G1', money: 40, points: 100, number: 2, price: 20, addOrder: 1 }),
      '/Evidences/pay': () => ({ order_no: 'G1', points: 60 }),
      '/user/getUserInfo': () => user({ points: 60 }),
      ...noAddresses,
    });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 4, type: 1, addOrder: 1 } });
    await allSettled(payClicked, { scope });
    expect(calls.find((c) => c.path === '/Evidences/pay')?.body).toEqual({ order_no: 'G1' });
    expect(navigate).toHaveBeenCalledWith({ to: '/notary/detail?orderId=7&type=1', replace: true });
  });

  it('leaves an order that is no longer unfinished', async () => {
    const { scope, navigate, toast } = setup({ '/notary/state': () => state(4, { notarialCode: 3 }), ...noAddresses });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 1, type: 1, addOrder: 0 } });
    expect(toast).toHaveBeenCalledWith({ type: 'warning', text: 'notary:wizard.closed' });
    expect(navigate).toHaveBeenCalledWith({ to: '/notary', replace: true });
  });
});

describe('a seal uploaded inside step 2', () => {
  const png = (size = 10) => new File([new Uint8Array(size)], 'seal.png', { type: 'image/png' });
  const seal = { id: 3, name: '公章', pic_url: '/api/signature/image/3?exp=1&sig=x', is_default: '1' as const, add_time: '' };

  it('uploads it as the default seal, then reads the step again so the seal is shown and signing is possible', async () => {
    let withSeal = false;
    const { scope, calls, toast } = setup({
      ...noAddresses,
      '/notary/state': () => state(2, withSeal ? { seal: { id: 3, name: '公章', picUrl: '/img' } } : {}),
      '/signature/upload': () => {
        withSeal = true;
        return seal;
      },
    });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 2, type: 1, addOrder: 0 } });
    expect(scope.getState($state)?.seal).toBeNull();
    await allSettled(sealForm.fieldChanged, { scope, params: { name: 'name', value: '公章' } });
    await allSettled(sealFileChosen, { scope, params: png() });
    await allSettled(sealForm.submitted, { scope });
    const upload = calls.find((c) => c.path === '/signature/upload');
    const body = upload?.body as FormData;
    expect(body.get('isDefault')).toBe('1');
    expect(body.get('name')).toBe('公章');
    expect(scope.getState($state)?.seal?.name).toBe('公章');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
  });

  it('refuses a missing or non-PNG image on the client and sends nothing', async () => {
    const { scope, calls } = setup({ ...noAddresses, '/notary/state': () => state(2) });
    await allSettled(WizardGate.open, { scope, params: { orderId: 7, step: 2, type: 1, addOrder: 0 } });
    await allSettled(sealForm.fieldChanged, { scope, params: { name: 'name', value: '公章' } });
    await allSettled(sealForm.submitted, { scope });
    expect(scope.getState($sealFileError)).not.toBeNull();
    await allSettled(sealFileChosen, { scope, params: new File(['x'], 'seal.jpg', { type: 'image/jpeg' }) });
    await allSettled(sealForm.submitted, { scope });
    expect(scope.getState($sealFileError)).not.toBeNull();
    expect(calls.some((c) => c.path === '/signature/upload')).toBe(false);
  });
});
