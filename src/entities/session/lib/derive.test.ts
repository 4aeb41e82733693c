import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@contracts';
import { accountName, certificationInfoPath, verificationOf } from './derive';

const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  phone: '13800138000',
  userStatus: 1,
  status: 1,
  authType: 0,
  repairType: 0,
  points: 0,
  newsNum: 0,
  contactPhone: '',
  company: '',
  contactName: '',
  language: null,
  ...over,
});

describe('account name (spec section 2)', () => {
  it('is the phone while unverified, under review or failed', () => {
    for (const userStatus of [1, 2, 4] as const) {
      expect(accountName(user({ userStatus, company: 'ACME', contactName: 'Li' }))).toBe('13800138000');
    }
  });
  it('is the company name for a verified organisation', () => {
    expect(accountName(user({ userStatus: 3, status: 2, company: 'ACME Ltd', contactName: 'Li' }))).toBe('ACME Ltd');
  });
  it('is the contact name for a verified individual', () => {
    expect(accountName(user({ userStatus: 3, status: 1, company: 'ACME Ltd', contactName: 'Li Lei' }))).toBe('Li Lei');
  });
  it('falls back to the phone when the name is missing', () => {
    expect(accountName(user({ userStatus: 3, status: 2 }))).toBe('13800138000');
  });
});

describe('verification labels and banner (spec section 4)', () => {
  it.each([
    [1, 'goVerify', true],
    [2, 'verifying', true],
    [3, 'verified', false],
    [4, 'reVerify', true],
  ] as const)('userStatus %s -> %s, banner %s', (userStatus, label, showBanner) => {
    expect(verificationOf(user({ userStatus }))).toMatchObject({ label, showBanner });
  });

  it('treats a verified face user whose supplement is under review as verifying', () => {
    expect(verificationOf(user({ userStatus: 3, authType: 3, repairType: 2 }))).toMatchObject({ label: 'verifying', showBanner: true });
    expect(verificationOf(user({ userStatus: 3, authType: 1, repairType: 2 }))).toMatchObject({ label: 'verified' });
    expect(verificationOf(user({ userStatus: 3, authType: 3, repairType: 3 }))).toMatchObject({ label: 'verified' });
  });

  it('links organisations to /organization-kyc and individuals to /personage-kyc', () => {
    expect(verificationOf(user({ status: 2 })).link).toBe('/organization-kyc');
    expect(verificationOf(user({ status: 1 })).link).toBe('/personage-kyc');
  });

  it('shows the certification-info entry only when verified', () => {
    expect(certificationInfoPath(user({ userStatus: 2, status: 2 }))).toBeNull();
    expect(certificationInfoPath(user({ userStatus: 3, status: 2 }))).toBe('/kyc-info');
    expect(certificationInfoPath(user({ userStatus: 3, status: 1 }))).toBe('/person-info');
  });
});
