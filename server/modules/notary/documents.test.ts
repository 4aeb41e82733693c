import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../i18n';
import { DEFAULT_LANGUAGE } from '../../languages';
import { copyTextIn } from '../../test-support/copy';
import { notaryDocumentHtml, type NotaryDocumentData } from './documents';

/** What the applicant and the records say: kept as written, in any language. */
const USER_DATA = [
  '深圳市示例科技有限公司',
  '91440300708461136T',
  '张三',
  '13800138000',
  '广东省深圳市南山区示例路 1 号',
  '用于诉讼',
  '租赁合同.pdf',
];

const data = (type: 1 | 2 | 3 | 4): NotaryDocumentData => ({
  type,
  orderNo: 'GZ20250106000001',
  evidenceType: 1,
  application: {
    applicant: { status: 2, name: USER_DATA[0]!, idNumber: USER_DATA[1]!, contactName: USER_DATA[2]!, contactPhone: USER_DATA[3]! },
    purpose: 4,
    purposeNote: USER_DATA[5]!,
    copies: 2,
    delivery: 2,
    address: { id: 1, name: USER_DATA[2]!, phone: USER_DATA[3]!, text: USER_DATA[4]! },
  },
  items: [
    {
      baoquan: 'BQ20250106000000000001',
      title: USER_DATA[6]!,
      fileHash: 'ab'.repeat(32),
      savedAt: new Date('2025-01-06T01:00:00Z'),
      url: null,
    },
  ],
  amount: 10_000,
  createdAt: new Date('2025-01-06T02:00:00Z'),
  signedAt: new Date('2025-01-06T03:00:00Z'),
  decodeAt: new Date('2025-01-06T04:00:00Z'),
  issuedAt: new Date('2025-01-07T05:00:00Z'),
  sealName: 'seal',
  sealPng: null,
});

/** The document's text: tags and user data taken out. */
const wordsOf = (html: string) => USER_DATA.reduce((text, value) => text.replaceAll(value, ''), html.replace(/<[^>]+>/g, ' '));

describe('notary documents in the language asked', () => {
  it('an English document has no Han character but the applicant’s own data, its marks and times in English', () => {
    const t = translatorFor('en');
    const en = (key: string, vars?: Record<string, string>) => copyTextIn('en', `notarisation:${key}`, vars);
    for (const type of [1, 2, 3, 4] as const) {
      const html = notaryDocumentHtml(t, data(type));
      expect(html).toContain('<html lang="en">');
      expect(wordsOf(html), `document ${type}`).not.toMatch(/[\p{Script=Han}：（）；，。、]/u);
    }
    const form = notaryDocumentHtml(t, data(1));
    expect(form).toContain(en('purposeWithNote', { purpose: en('purpose4'), note: USER_DATA[5]! }));
    expect(form).toContain(en('hashLine', { label: en('colHash'), hash: 'ab'.repeat(32) }));
    expect(form).toContain(en('colSavedAt'));
    expect(form).toContain(en('signedAt', { time: '2025-01-06 11:00:00' }));
    // Every time the documents state is China time, and the English ones say so (common:timeZone's words).
    const zone = copyTextIn('en', 'common:timeZone');
    for (const key of ['applyDate', 'colSavedAt', 'signedAt', 'authoriseText', 'inquiryTime', 'a3']) expect(en(key), key).toContain(zone);
    const inquiry = notaryDocumentHtml(t, data(4));
    expect(inquiry).toContain(en('respondentValue', { name: USER_DATA[0]!, idLabel: en('creditCode'), idNumber: USER_DATA[1]! }));
  });

  it('the Chinese document keeps its full-width marks', () => {
    const html = notaryDocumentHtml(translatorFor(DEFAULT_LANGUAGE), data(1));
    const zh = (key: string) => copyTextIn(DEFAULT_LANGUAGE, `notarisation:${key}`);
    expect(html).toContain(`${zh('purpose4')}：${USER_DATA[5]}`);
    expect(html).toContain(`${zh('delivery2')}（${USER_DATA[2]} ${USER_DATA[3]} ${USER_DATA[4]}）`);
    expect(html).toContain(`${zh('colHash')}：${'ab'.repeat(32)}`);
  });
});
