import { describe, expect, it } from 'vitest';
import { fileRefusal, issueFormSchema, kindOfHead, submitFormSchema } from './issue-form';

const blank = { paper: false, courierCompany: '', courierNumber: '', email: '', invoiceNumber: '', invoiceCode: '', invoiceDate: '' };
const issues = (value: Partial<typeof blank>) => {
  const parsed = issueFormSchema.safeParse({ ...blank, ...value });
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('finance dialogs', () => {
  it('a paper invoice needs a courier company and a tracking number of 6-30 letters or digits', () => {
    expect(issues({ paper: true, courierNumber: 'SF1234567' })).toEqual([['courierCompany', 'courierCompany']]);
    expect(issues({ paper: true, courierCompany: 'SF', courierNumber: 'SF12' })).toEqual([['courierNumber', 'courierNumber']]);
    expect(issues({ paper: true, courierCompany: ' SF ', courierNumber: ' SF1234567 ', email: 'x' })).toEqual({
      paper: true,
      courierCompany: 'SF',
      courierNumber: 'SF1234567',
    });
  });

  it('an electronic invoice needs an e-mail, a number, the code that goes with it, and a date', () => {
    const good = { email: 'li@example.cn', invoiceNumber: '12345678', invoiceCode: '044031900111', invoiceDate: '2025-01-06' };
    expect(issues(good)).toEqual({ paper: false, ...good });
    expect(issues({ ...good, email: '' })).toEqual([['email', 'email']]);
    expect(issues({ ...good, invoiceNumber: '123' })).toEqual([['invoiceNumber', 'invoiceNumber']]);
    expect(issues({ ...good, invoiceCode: '' })).toEqual([['invoiceCode', 'invoiceCodeRequired']]);
    expect(issues({ ...good, invoiceNumber: '25442000000000123456' })).toEqual([['invoiceCode', 'invoiceCodeNone']]);
    expect(issues({ ...good, invoiceNumber: '25442000000000123456', invoiceCode: '' })).toEqual({
      ...good,
      paper: false,
      invoiceNumber: '25442000000000123456',
      invoiceCode: '',
    });
    expect(issues({ ...good, invoiceDate: '2025-02-30' })).toEqual([['invoiceDate', 'invoiceDate']]);
  });

  it('files by their first bytes and size', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(kindOfHead(bytes('%PDF-1.7'))).toBe('pdf');
    expect(kindOfHead(new Uint8Array([0x50, 0x4b, 3, 4, 0]))).toBe('ofd');
    expect(kindOfHead(bytes('<?xml version="1.0"?>'))).toBe('xml');
    expect(kindOfHead(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(fileRefusal('invoice', 'pdf', 1000)).toBeNull();
    expect(fileRefusal('invoice', 'xml', 1000)).toBe('fileType');
    expect(fileRefusal('xml', 'pdf', 1000)).toBe('xmlType');
    expect(fileRefusal('invoice', 'pdf', 11 * 1024 * 1024)).toBe('fileTooLarge');
  });

  it('the remark of a submission is optional and at most 150 characters', () => {
    expect(submitFormSchema.safeParse({ remark: '' }).success).toBe(true);
    expect(submitFormSchema.safeParse({ remark: 'x'.repeat(151) }).success).toBe(false);
  });
});
