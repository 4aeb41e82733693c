import { describe, expect, it } from 'vitest';
import { checkKycImage, companyAuthorizeFields, perAuthorizeFields } from './kyc';
import { isCreditCode, isIdCard } from './rules';

describe('ID card numbers (15 or 18 with date and check character)', () => {
  it.each([
    '11010519491231002X',
    '11010519491231002x',
    '440301198501011236',
    '320102199003070017',
    '11010119900307803X',
    '110105491231002',
  ])('accepts %s', (v) => expect(isIdCard(v)).toBe(true));
  it.each([
    ['110105194912310021', 'wrong check character'],
    ['440301198501011230', 'wrong check character'],
    ['110105194902300021', 'February 30th'],
    ['440524188001010014', 'born before 1900'],
    ['11010519491231002', '17 digits'],
    ['110105491332002', '15 digits, month 13'],
    ['11010519491231002Y', 'letter other than X'],
  ])('refuses %s (%s)', (v) => expect(isIdCard(v)).toBe(false));
});

describe('unified social credit codes (GB 32100, check character modulo 31)', () => {
  it.each(['91440300708461136T', '91350100M000100Y43', '91110000802100433B', '91110000802100433b'])('accepts %s', (v) =>
    expect(isCreditCode(v)).toBe(true),
  );
  it.each([
    '91440300708461136A',
    '911100001000013428',
    '9144030070846113',
    '91440300708461136TT',
    '9I440300708461136T',
    'ABCDEFGHIJKLMNOPQR',
  ])('refuses %s', (v) => expect(isCreditCode(v)).toBe(false));
});

const org = {
  company: 'a',
  taxNumber: '91440300708461136T',
  address: 'a',
  legalName: '\u5f20\u4e09',
  legalPhone: '13800138001',
  legalIdcard: '11010519491231002X',
  legalAddress: 'a',
  accountName: 'a',
  accountBank: 'a',
  accountNo: '6225 8801 2345 6789',
  contactName: '\u674e\u56db',
  contactPhone: '13800138002',
  contactIdcard: '440301198501011236',
  authorName: '\u738b\u4e94',
  authorSex: '1',
  authorBrith: '1990-03-07',
  authorPhone: '13800138003',
  authorIdcard: '320102199003070017',
  authorAddress: 'a',
};
const messageOf = (patch: Record<string, string>) => {
  const result = companyAuthorizeFields.safeParse({ ...org, ...patch });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('organisation fields', () => {
  it('accepts a complete form (account spaces dropped)', () => {
    const result = companyAuthorizeFields.safeParse(org);
    expect(result.success && result.data.accountNo).toBe('6225880123456789');
  });
  it.each([
    [{ accountNo: '1234567' }, 'digits8to25|accountNo'],
    [{ accountNo: '12345678901234567890123456' }, 'digits8to25|accountNo'],
    [{ accountNo: '6225a80123456789' }, 'digits8to25|accountNo'],
    [{ taxNumber: '9144030070846113' }, 'word18|taxNumber'],
    [{ taxNumber: '91440300708461136A' }, 'creditCode|taxNumber'],
    [{ authorSex: '' }, 'genderRequired'],
    [{ authorBrith: '1990-02-30' }, 'invalid|authorBrith'],
    [{ legalIdcard: '' }, 'required|legalIdcard'],
    [{ contactName: 'Li' }, 'chineseName|contactName'],
    [{ company: 'a<b' }, 'specialChars|company'],
  ])('refuses %o with %s', (patch, message) => expect(messageOf(patch)).toBe(message));
  it('accepts 8 and 25 digit accounts', () => {
    expect(messageOf({ accountNo: '12345678' })).toBeNull();
    expect(messageOf({ accountNo: '1234567890123456789012345' })).toBeNull();
  });
});

describe('personal fields', () => {
  const person = { userName: '\u8d75\u516d', contactIdcard: '11010119900307803X', authorSex: '2', address: 'a', agree: '1' };
  it('asks for consent, the ID number and a Chinese name', () => {
    const first = (patch: Record<string, string>) => perAuthorizeFields.safeParse({ ...person, ...patch }).error?.issues[0]?.message;
    expect(first({ agree: '' })).toBe('consentRequired');
    expect(first({ contactIdcard: '' })).toBe('idCardEmpty');
    expect(first({ contactIdcard: '11010119900307803' })).toBe('idCard|idNumber');
    expect(first({ userName: 'abc' })).toBe('chinese16');
    expect(first({})).toBeUndefined();
  });
});

describe('image checks in the browser', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it('organisation: png/jpg/jpeg up to 20MB', () => {
    expect(checkKycImage(file('a.png', 'image/png', 1000), 'organization', 'license')).toBeNull();
    expect(checkKycImage(file('a.jpeg', '', 20 * 1024 * 1024), 'organization', 'license')).toBeNull();
    expect(checkKycImage(file('a.gif', 'image/gif', 10), 'organization', 'license')).toBe('orgImageType');
    expect(checkKycImage(file('a.png', 'image/png', 20 * 1024 * 1024 + 1), 'organization', 'license')).toBe('orgImageSize');
    expect(checkKycImage(null, 'organization', 'license')).toBe('imageRequired|license');
  });
  it('person: png/jpg/jpeg/gif up to 3MB', () => {
    expect(checkKycImage(file('a.gif', 'image/gif', 3 * 1024 * 1024), 'person', 'authorHand')).toBeNull();
    expect(checkKycImage(file('a.pdf', 'application/pdf', 10), 'person', 'authorHand')).toBe('personImageType');
    expect(checkKycImage(file('a.jpg', 'image/jpeg', 4 * 1024 * 1024), 'person', 'authorHand')).toBe('personImageSize');
  });
});
