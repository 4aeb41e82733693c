import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DateRangeInput } from './date-range-input';

/** The attributes of the input named `label`, whatever order React writes them in. */
const inputOf = (html: string, label: string) => html.match(new RegExp(`<input[^>]*aria-label="${label}"[^>]*>`))?.[0] ?? '';

describe('DateRangeInput', () => {
  it('shows both days and bounds each by the other', () => {
    const html = renderToStaticMarkup(
      <DateRangeInput
        value={[new Date(2024, 2, 1), new Date(2024, 2, 10)]}
        onChange={() => undefined}
        legend="Dates"
        startLabel="From"
        endLabel="To"
      />,
    );
    expect(html).toContain('<legend>Dates</legend>');
    expect(inputOf(html, 'From')).toContain('value="2024-03-01"');
    expect(inputOf(html, 'From')).toContain('max="2024-03-10"');
    expect(inputOf(html, 'To')).toContain('value="2024-03-10"');
    expect(inputOf(html, 'To')).toContain('min="2024-03-01"');
  });

  it('leaves an open end unbounded', () => {
    const html = renderToStaticMarkup(
      <DateRangeInput value={[null, null]} onChange={() => undefined} legend="Dates" startLabel="From" endLabel="To" />,
    );
    expect(inputOf(html, 'From')).toContain('value=""');
    expect(inputOf(html, 'From')).not.toContain('max=');
    expect(inputOf(html, 'To')).not.toContain('min=');
  });
});
