import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';

describe("the server's translator formats what a text names", () => {
  it('writes a money value and a time of a real key the product way', () => {
    const t = createTranslator();
    const money = t.t('invoice:details.moneyValue', { money: 1234.5 });
    expect(money).toContain('1,234.50');
    const notice = t.t('personal-data:readyNotice', { expires: new Date(Date.UTC(2026, 0, 1, 16, 30)) });
    expect(notice).toContain('2026-01-02 00:30:00');
  });
});
