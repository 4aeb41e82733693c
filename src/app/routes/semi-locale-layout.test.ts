import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '@/shared/i18n';
import { loadSemiLocale } from './semi-locale-layout';

vi.mock('@douyinfe/semi-ui-19', () => ({ LocaleProvider: () => null }));

describe("Semi's locale of each language", () => {
  it.each(SUPPORTED_LANGUAGES)('%s loads Semi’s words of that same language (date pickers, pagers)', async (language) => {
    const locale = await loadSemiLocale(language);
    // Semi names a region where the copy may not (`en` is written in British English, Semi's `en-GB`).
    expect(locale.code.split('-')[0]).toBe(language.split('-')[0]);
  });

  it("a language Semi has no words for gets the default language's, loaded once", async () => {
    const first = await loadSemiLocale('xx-YY');
    expect(first.code).toBe(DEFAULT_LANGUAGE);
    expect(await loadSemiLocale(DEFAULT_LANGUAGE)).toBe(first);
  });
});
