import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { authInfoFx, faceStartFx, perAuthorizeFx, userRepairFx } from '@/entities/kyc';
import type { AuthInfo } from '@contracts';
import { navigateFx } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { documentForm, faceForm, PersonageKycGate, personImages, personViewOf, repairImages, repairSubmitted } from './personage-kyc';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

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

function setup(current = info({})) {
  const handlers = {
    perAuthorize: vi.fn(() => null),
    faceStart: vi.fn(() => ({ url: '/sandbox/face?certify_id=c1', certify_id: 'c1' })),
    repair: vi.fn(() => null),
    navigate: vi.fn(),
  };
  const scope = fork({
    handlers: [
      [authInfoFx, () => current],
      [perAuthorizeFx, handlers.perAuthorize],
      [faceStartFx, handlers.faceStart],
      [userRepairFx, handlers.repair],
      [navigateFx, handlers.navigate],
      [showToastFx, () => undefined],
    ],
  });
  return { scope, ...handlers };
}

describe('personal verification', () => {
  it('chooses the view from the state machine of spec section 4', () => {
    expect(personViewOf(info({ userStatus: 4 }))).toBe('form');
    expect(personViewOf(info({ userStatus: 2 }))).toBe('review');
    expect(personViewOf(info({ userStatus: 3, authType: 3, repairType: 1 }))).toBe('supplement');
    expect(personViewOf(info({ userStatus: 3, authType: 3, repairType: 4 }))).toBe('supplement');
    expect(personViewOf(info({ userStatus: 3, authType: 3, repairType: 2 }))).toBe('supplementReview');
    expect(personViewOf(info({ userStatus: 3, authType: 3, repairType: 3 }))).toBe('verified');
    expect(personViewOf(info({ userStatus: 3, authType: 1 }))).toBe('verified');
    expect(personViewOf(info({ userStatus: 2, status: 2 }))).toBe('organization');
  });

  it('asks for consent and the ID number; 3MB images; sends when complete', async () => {
    const { scope, perAuthorize } = setup();
    await allSettled(PersonageKycGate.open, { scope, params: {} });
    await allSettled(documentForm.submitted, { scope });
    expect(scope.getState(documentForm.$errors)).toMatchObject({
      contactIdcard: 'idCardEmpty',
      agree: 'consentRequired',
      authorSex: 'genderRequired',
    });
    await allSettled(personImages.fileChosen, {
      scope,
      params: { field: 'authorHand', file: image('h.jpg', 'image/jpeg', 3 * 1024 * 1024 + 1) },
    });
    expect(scope.getState(personImages.$errors).authorHand).toBe('personImageSize');
    await allSettled(documentForm.valuesPatched, {
      scope,
      params: { userName: '\u8d75\u516d', contactIdcard: '11010119900307803X', authorSex: '2', address: 'Road', agree: '1' },
    });
    for (const field of ['authorFront', 'authorBack', 'authorHand'] as const) {
      await allSettled(personImages.fileChosen, { scope, params: { field, file: image(`${field}.gif`, 'image/gif') } });
    }
    await allSettled(documentForm.submitted, { scope });
    expect(perAuthorize).toHaveBeenCalledTimes(1);
  });

  it('starts face recognition and goes to the QR page', async () => {
    const { scope, faceStart, navigate } = setup();
    await allSettled(faceForm.valuesPatched, { scope, params: { username: '\u8d75\u516d', idCard: '11010119900307803X', agree: '1' } });
    await allSettled(faceForm.submitted, { scope });
    expect(faceStart).toHaveBeenCalledWith({ username: '\u8d75\u516d', idCard: '11010119900307803X', type: '1', agree: '1' });
    expect(navigate.mock.lastCall?.at(-1)).toBe('/personage-face-kyc?url=%2Fsandbox%2Fface%3Fcertify_id%3Dc1&certify_id=c1');
  });

  it('sends the supplement only with both ID photos', async () => {
    const { scope, repair } = setup(info({ userStatus: 3, authType: 3, repairType: 1 }));
    await allSettled(repairSubmitted, { scope });
    expect(scope.getState(repairImages.$errors)).toEqual({
      authorFront: 'imageRequired|authorFront',
      authorBack: 'imageRequired|authorBack',
    });
    expect(repair).not.toHaveBeenCalled();
    await allSettled(repairImages.fileChosen, { scope, params: { field: 'authorFront', file: image() } });
    await allSettled(repairImages.fileChosen, { scope, params: { field: 'authorBack', file: image() } });
    await allSettled(repairSubmitted, { scope });
    expect(repair).toHaveBeenCalledTimes(1);
  });
});
