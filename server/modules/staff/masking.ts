import { maskAccount, maskIdCard, maskPhone } from '../../lib/mask';

/**
 * The console's one masking rule, applied by defineStaffRoute to every staff answer (a call that shows the clear
 * values is declared `reveals` and audits the view first): a property named like a phone number, an ID number or a
 * bank account is masked wherever it is in the answer, and so is a `{name, value}` field with such a name (the
 * verification desk's submitted fields). Phone numbers inside free text (an address line) are masked too.
 */
const PHONE_KEYS = new Set(['phone', 'contactPhone', 'legalPhone', 'authorPhone', 'recipientPhone', 'phoneNumber', 'mobile']);
const ID_KEYS = new Set(['idNumber', 'applicantIdNumber', 'legalIdcard', 'contactIdcard', 'authorIdcard', 'idCard']);
const ACCOUNT_KEYS = new Set(['account', 'accountNo', 'bankAccount']);
/** Keys of free text that may hold a phone number (an address line carries the recipient's). */
const TEXT_WITH_PHONES = new Set(['address']);

/** A mainland mobile number standing alone among other characters (not part of a longer run of digits). */
const MOBILE_IN_TEXT = /(?<!\d)(1[3-9]\d)(\d{4})(\d{4})(?!\d)/g;

/** Any phone value: a mobile number as 138****8000; other numbers (landlines) keep only their last four digits. */
export function maskAnyPhone(value: string): string {
  if (value === '') return value;
  if (/^1\d{10}$/.test(value)) return maskPhone(value);
  return maskAccount(value);
}

export const maskPhonesInText = (text: string) => text.replace(MOBILE_IN_TEXT, (_m, a: string, _b: string, c: string) => `${a}****${c}`);

function maskValue(key: string, value: string): string {
  if (PHONE_KEYS.has(key)) return maskAnyPhone(value);
  if (ID_KEYS.has(key)) return maskIdCard(value);
  if (ACCOUNT_KEYS.has(key)) return maskAccount(value);
  if (TEXT_WITH_PHONES.has(key)) return maskPhonesInText(value);
  return value;
}

/** Whether a value is already masked by this rule (idempotent: masking twice changes nothing). */
const alreadyMasked = (value: string) => value.includes('*');

/** The answer with every personal number masked; a new value, the handler's own objects are left as they were. */
export function maskStaffAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => maskStaffAnswer(item));
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value)) return value;
  const record = value as Record<string, unknown>;
  // A named field, as the verification desk lists a submission's: {name: 'legalPhone', value: '…'}.
  const fieldName = typeof record.name === 'string' && typeof record.value === 'string' ? record.name : null;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (typeof item === 'string') {
      const named = fieldName !== null && key === 'value' ? fieldName : key;
      out[key] = alreadyMasked(item) && !TEXT_WITH_PHONES.has(named) ? item : maskValue(named, item);
    } else {
      out[key] = maskStaffAnswer(item);
    }
  }
  return out;
}
