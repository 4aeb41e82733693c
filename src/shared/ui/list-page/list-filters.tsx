import { Button } from '@douyinfe/semi-ui-19';
import type { FormEvent, ReactNode } from 'react';
import { DateRangeInput, type DayRange } from '../date-range-input';

type Choice = { value: string | number; label: string };

/**
 * One filter of a list: a select (applies at once), a typed text (applies on search), a day range, or a
 * control of the list's own (`node`, which brings its label).
 */
export type ListFilter =
  | {
      kind: 'select';
      id: string;
      label: string;
      value: string | number;
      /** The first choice, "all", when the list offers it apart from `choices`. */
      all?: string;
      choices: readonly Choice[];
      onChange: (value: string) => void;
    }
  | {
      kind: 'text';
      id: string;
      label: string;
      value: string;
      placeholder?: string;
      maxLength: number;
      numeric?: boolean;
      onChange: (value: string) => void;
    }
  | { kind: 'days'; label: string; startLabel: string; endLabel: string; value: DayRange; onChange: (range: DayRange) => void }
  | { kind: 'node'; key: string; node: ReactNode };

function Field({ filter }: { filter: ListFilter }) {
  if (filter.kind === 'node') return <>{filter.node}</>;
  if (filter.kind === 'days') {
    const { label, startLabel, endLabel, value, onChange } = filter;
    return (
      <DateRangeInput
        className="list-filters__item"
        legendClassName="list-filters__label"
        legend={label}
        startLabel={startLabel}
        endLabel={endLabel}
        value={value}
        onChange={onChange}
      />
    );
  }
  const control =
    filter.kind === 'select' ? (
      <select
        id={filter.id}
        className="ui-control list-filters__select"
        value={filter.value}
        onChange={(event) => filter.onChange(event.target.value)}
      >
        {filter.all === undefined ? null : <option value={typeof filter.value === 'number' ? 0 : ''}>{filter.all}</option>}
        {filter.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        id={filter.id}
        className="ui-control list-filters__text"
        inputMode={filter.numeric ? 'numeric' : undefined}
        maxLength={filter.maxLength}
        value={filter.value}
        placeholder={filter.placeholder}
        onChange={(event) => filter.onChange(event.target.value)}
      />
    );
  return (
    <div className="list-filters__item">
      <label className="list-filters__label" htmlFor={filter.id}>
        {filter.label}
      </label>
      {control}
    </div>
  );
}

const keyOf = (filter: ListFilter): string => (filter.kind === 'node' ? filter.key : filter.kind === 'days' ? 'days' : filter.id);

export type ListFiltersProps = {
  /** The form's accessible name. */
  label: string;
  filters: readonly ListFilter[];
  /** The search button's text and what it does: given when a filter applies on search (typed text). */
  search?: { text: string; onSearch: () => void };
  reset: { text: string; onReset: () => void };
};

/** The filter form above a list: its filters in order, then search (when typed filters wait for it) and reset. */
export function ListFilters({ label, filters, search, reset }: ListFiltersProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    search?.onSearch();
  };
  return (
    <form className="list-filters" aria-label={label} onSubmit={submit}>
      {filters.map((filter) => (
        <Field key={keyOf(filter)} filter={filter} />
      ))}
      <div className="list-filters__buttons">
        {search ? (
          <Button htmlType="submit" theme="solid" type="primary">
            {search.text}
          </Button>
        ) : null}
        <Button type="tertiary" onClick={reset.onReset}>
          {reset.text}
        </Button>
      </div>
    </form>
  );
}
