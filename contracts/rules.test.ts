import { describe, expect, it } from 'vitest';
import { captchaField, passwordField, phoneField, smsCodeField } from './auth';
import { CHINESE_16, CHINESE_NAME, DIGITS_8_25, EMAIL, isIdCard, POSTAL_6, SPECIAL_CHARS, WORD_18 } from './rules';

const firstMessage = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
};

describe('phone: 1[3-9] and 9 digits', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (v) => expect(firstMessage(phoneField, v)).toBeNull());
  it.each(['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a', '+8613800138000'])('refuses %s', (v) =>
    expect(firstMessage(phoneField, v)).toBe('phoneInvalid'),
  );
  it('asks for a phone when empty', () => expect(firstMessage(phoneField, '')).toBe('phoneEmpty'));
});

describe('password: 6 to 18 letters and digits, containing both', () => {
  it.each(['abc123', 'A1b2C3d4', 'abcdefghijklmnop12'])('accepts %s', (v) => expect(firstMessage(passwordField, v)).toBeNull());
  it.each(['abc12', 'abcdefghijklmnopq12', 'abcdef', '123456', 'abc 123', 'abc_123', 'abc123!'])('refuses %s', (v) =>
    expect(firstMessage(passwordField, v)).toBe('password'),
  );
  it('requires a value', () => expect(firstMessage(passwordField, '')).toBe('required|password'));
});

describe('image captcha: exactly 4 letters or digits', () => {
  it.each(['ab12', 'ABCD', '9x9Y'])('accepts %s', (v) => expect(firstMessage(captchaField, v)).toBeNull());
  it.each(['abc', 'abcde', 'ab-1', 'ab 1'])('refuses %s', (v) => expect(firstMessage(captchaField, v)).toBe('captchaWrong'));
  it('asks for the captcha when empty', () => expect(firstMessage(captchaField, '')).toBe('captchaEmpty'));
});

describe('SMS code: exactly 6 digits', () => {
  it('accepts 6 digits', () => expect(firstMessage(smsCodeField, '012345')).toBeNull());
  it.each(['12345', '1234567', '12a456'])('refuses %s', (v) => expect(firstMessage(smsCodeField, v)).toBe('smsWrong'));
  it('asks for the code when empty', () => expect(firstMessage(smsCodeField, '')).toBe('smsEmpty'));
});

describe('mainland ID card: 15 or 18 digits with a date check', () => {
  it.each(['11010519491231002X', '11010519491231002x', '110105199003071239', '110105491231002'])('accepts %s', (v) =>
    expect(isIdCard(v)).toBe(true),
  );
  it.each([
    '440524188001010014', // valid check character, but born before 1900
    '110105194913310028', // month 13
    '110105194902300020', // 30 February
    '11010519491231002Y',
    '110105194912310021', // wrong check character
    '11010519491231',
    '110105491332002', // 15 digits, month 13
    '',
  ])('refuses %s', (v) => expect(isIdCard(v)).toBe(false));
});

describe('other format rules of spec section 5', () => {
  it('18-character word string', () => {
    expect(WORD_18.test('91350100M000100Y43')).toBe(true);
    expect(WORD_18.test('91350100M000100Y4')).toBe(false);
  });
  it('digits 8 to 25', () => {
    expect(DIGITS_8_25.test('12345678')).toBe(true);
    expect(DIGITS_8_25.test('1234567')).toBe(false);
    expect(DIGITS_8_25.test('1'.repeat(26))).toBe(false);
  });
  it('Chinese name of 2 to 6 characters', () => {
    expect(CHINESE_NAME.test('张三')).toBe(true);
    expect(CHINESE_NAME.test('张')).toBe(false);
    expect(CHINESE_NAME.test('欧阳娜娜娜娜娜')).toBe(false);
    expect(CHINESE_NAME.test('Zhang')).toBe(false);
  });
  it('Chinese-only text up to 16', () => {
    expect(CHINESE_16.test('北京市朝阳区')).toBe(true);
    expect(CHINESE_16.test('一二三四五六七八九十一二三四五六七')).toBe(false);
  });
  it('6-digit postal number and e-mail', () => {
    expect(POSTAL_6.test('100000')).toBe(true);
    expect(POSTAL_6.test('10000')).toBe(false);
    expect(EMAIL.test('user@example.cn')).toBe(true);
    expect(EMAIL.test('user@example')).toBe(false);
  });
  it('special characters', () => {
    for (const c of ['\\', '"', "'", '<', '>', '{', '}', '[', ']']) expect(SPECIAL_CHARS.test(`a${c}b`)).toBe(true);
    expect(SPECIAL_CHARS.test('normal text 123')).toBe(false);
  });
});
