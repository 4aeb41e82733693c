import { useState, type FormEvent } from 'react';
import './pager.css';

export type PagerJump = {
  /** Id of the page-number input, unique on the page. */
  id: string;
  /** Label before the input and text after it ("of n pages"), and the go button's text. */
  label: string;
  suffix: string;
  go: string;
};

export type PagerProps = {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The total line, shown even on a single page. */
  total: string;
  totalTestId?: string;
  /** Accessible name of the navigation and the button texts. */
  label: string;
  prev: string;
  next: string;
  /** "Page x of y": between previous and next, or after them when page numbers are shown. */
  pageText?: string;
  /** Up to five page-number buttons around the current page; `numberLabel` names each when given. */
  numbers?: boolean;
  numberLabel?: (page: number) => string;
  /** A "go to page" form after the navigation. */
  jump?: PagerJump;
};

function JumpForm({ jump, page, pages, onPage }: { jump: PagerJump; page: number; pages: number; onPage: (page: number) => void }) {
  const [value, setValue] = useState('');
  const go = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(value);
    if (Number.isInteger(target) && target >= 1 && target <= pages && target !== page) onPage(target);
    setValue('');
  };
  return (
    <form className="pager__jump" onSubmit={go}>
      <label htmlFor={jump.id}>{jump.label}</label>
      <input
        id={jump.id}
        className="ui-control pager__jump-input"
        inputMode="numeric"
        value={value}
        onChange={(event) => setValue(event.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <span>{jump.suffix}</span>
      <button type="submit" className="pager__button">
        {jump.go}
      </button>
    </form>
  );
}

/** The total, then previous / next (with the page numbers or "page x of y") once there is more than one page. */
export function Pager({
  page,
  pages,
  onPage,
  total,
  totalTestId,
  label,
  prev,
  next,
  pageText,
  numbers = false,
  numberLabel,
  jump,
}: PagerProps) {
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const around = Array.from({ length: Math.min(5, pages) }, (_, i) => from + i);
  return (
    <div className="pager">
      <span className="pager__total" data-testid={totalTestId}>
        {total}
      </span>
      {pages > 1 ? (
        <>
          <nav className={`pager__nav pager__nav--${numbers ? 'numbers' : 'steps'}`} aria-label={label}>
            <button type="button" className="pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
              {prev}
            </button>
            {numbers
              ? around.map((n) => (
                  <button
                    key={n}
                    type="button"
                    className={`pager__button${n === page ? ' pager__button--current' : ''}`}
                    aria-current={n === page ? 'page' : undefined}
                    aria-label={numberLabel?.(n)}
                    onClick={() => onPage(n)}
                  >
                    {n}
                  </button>
                ))
              : pageText && (
                  <span className="pager__info" aria-current="page">
                    {pageText}
                  </span>
                )}
            <button type="button" className="pager__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
              {next}
            </button>
            {numbers && pageText ? <span className="pager__info pager__info--after">{pageText}</span> : null}
          </nav>
          {jump ? <JumpForm jump={jump} page={page} pages={pages} onPage={onPage} /> : null}
        </>
      ) : null}
    </div>
  );
}
