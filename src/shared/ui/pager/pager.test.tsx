import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pager } from './pager';

const texts = { total: 'total 42', label: 'Pages', prev: 'Previous', next: 'Next' };
const noop = () => undefined;

describe('Pager', () => {
  it('shows only the total on a single page', () => {
    const html = renderToStaticMarkup(<Pager page={1} pages={1} onPage={noop} {...texts} totalTestId="list-total" />);
    expect(html).toContain('data-testid="list-total"');
    expect(html).toContain('total 42');
    expect(html).not.toContain('<nav');
  });

  it('puts "page x of y" between previous and next, the current page, and disables previous on page 1', () => {
    const html = renderToStaticMarkup(<Pager page={1} pages={5} onPage={noop} {...texts} pageText="page 1 of 5" />);
    expect(html).toMatch(/<nav[^>]*aria-label="Pages".*Previous.*aria-current="page"[^>]*>page 1 of 5<.*Next/);
    expect(html).toMatch(/<button type="button" class="pager__button" disabled="">Previous/);
  });

  it('numbers up to five pages around the current one, each named, and offers the jumper', () => {
    const html = renderToStaticMarkup(
      <Pager
        page={7}
        pages={9}
        onPage={noop}
        {...texts}
        numbers
        numberLabel={(n) => `page ${n}`}
        jump={{ id: 'list-jump', label: 'Go to', suffix: 'of 9', go: 'Go' }}
      />,
    );
    const numbers = [...html.matchAll(/aria-label="page (\d+)"/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([5, 6, 7, 8, 9]);
    expect(html).toMatch(/aria-current="page" aria-label="page 7"/);
    expect(html).toContain('<label for="list-jump">Go to</label>');
  });
});
