/** The spec's format rules (section 5), shared by the web app's forms and the server's contracts. */
export const PHONE = /^1[3-9]\d{9}$/;
/** Variant that also accepts Chinese characters (used where a contact may be written in words). */
export const PHONE_OR_HAN = /^(1[3-9]\d{9}|[\u4e00-\u9fa5]+)$/;
export const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,18}$/;
export const IMAGE_CAPTCHA = /^[A-Za-z0-9]{4}$/;
export const SMS_CODE = /^\d{6}$/;
export const WORD_18 = /^[A-Za-z0-9]{18}$/;
export const DIGITS_8_25 = /^\d{8,25}$/;
export const CHINESE_NAME = /^[\u4e00-\u9fa5]{2,6}$/;
export const CHINESE_16 = /^[\u4e00-\u9fa5]{1,16}$/;
export const POSTAL_6 = /^\d{6}$/;
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
export const SPECIAL_CHARS = /[\\"'<>{}[\]]/;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Mainland resident ID: 15 digits (old format, two-digit year) or 18 characters (17 digits and a check
 * character, digit or X). The birth date must be a real date; the 18-digit check character must match.
 */
export function isIdCard(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (/^\d{15}$/.test(v)) {
    return validDate(1900 + Number(v.slice(6, 8)), Number(v.slice(8, 10)), Number(v.slice(10, 12)));
  }
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const year = Number(v.slice(6, 10));
  if (year < 1900 || !validDate(year, Number(v.slice(10, 12)), Number(v.slice(12, 14)))) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(v[i]), 0);
  return ID_CHECK[sum % 11] === v[17];
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Unified social credit code (GB 32100-2015): 18 characters of its alphabet (no I, O, S, V, Z). */
export const CREDIT_CODE_FORMAT = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The 18th character of a unified social credit code is a check character over the first 17 (modulo 31). */
export function isCreditCode(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!CREDIT_CODE_FORMAT.test(v)) return false;
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CHARS.indexOf(v[i] ?? ''), 0);
  const check = (31 - (sum % 31)) % 31;
  return CREDIT_CHARS[check] === v[17];
}
