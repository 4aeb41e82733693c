import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addTextFormats, TEXT_FORMATS } from './text-formats';

describe('text formats', () => {
  it('writes amounts with thousands separators and two decimals', () => {
    expect(TEXT_FORMATS.amount(1234.5)).toBe('1,234.50');
    expect(TEXT_FORMATS.amount('40')).toBe('40.00');
    expect(TEXT_FORMATS.amount(undefined)).toBe('0.00');
  });

  it('writes instants as China time and China days, whatever the zone', () => {
    expect(TEXT_FORMATS.chinaTime('2026-01-01T16:30:00Z')).toBe('2026-01-02 00:30:00');
    expect(TEXT_FORMATS.chinaDate(new Date('2026-01-01T16:30:00Z'))).toBe('2026-01-02');
  });

  it('fills `{{name, format}}` on an i18next instance', async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'xx',
      resources: { xx: { t: { pay: 'pay {{points, amount}} at {{time, chinaTime}}' } } },
      defaultNS: 't',
      interpolation: { escapeValue: false },
    });
    addTextFormats(instance);
    // A made-up namespace outside the app's typed resources: looked up untyped.
    const lookUp = instance.t.bind(instance) as unknown as (key: string, options: object) => string;
    expect(lookUp('pay', { points: 1234.5, time: Date.UTC(2026, 0, 1, 16, 30) })).toBe('pay 1,234.50 at 2026-01-02 00:30:00');
  });
});
