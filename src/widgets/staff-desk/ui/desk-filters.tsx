import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { DateRangeInput, type DayRange } from '@/shared/ui/date-range-input';
import type { ListScreen } from '@/shared/lib/paged-list';

type Choice = { value: string | number; label: string };

/** One filter of a console list: a select (applies at once), a typed text (applies on search), or days. */
export type DeskFilter =
  | { kind: 'select'; id: string; label: string; value: string | number; all: string; choices: Choice[]; onChange: (value: string) => void }
  | {
      kind: 'text';
      id: string;
      label: string;
      value: string;
      placeholder: string;
      maxLength: number;
      numeric?: boolean;
      onChange: (value: string) => void;
    }
  | { kind: 'days'; label: string; startLabel: string; endLabel: string };

function Field({ filter, range, onRange }: { filter: DeskFilter; range: DayRange; onRange: (range: DayRange) => void }) {
  if (filter.kind === 'days') {
    const { label, startLabel, endLabel } = filter;
    const labels = { legend: label, startLabel, endLabel };
    return (
      <DateRangeInput className="staff-filters__item" legendClassName="staff-filters__label" {...labels} value={range} onChange={onRange} />
    );
  }
  const control =
    filter.kind === 'select' ? (
      <select id={filter.id} className="ui-control" value={filter.value} onChange={(event) => filter.onChange(event.target.value)}>
        <option value={typeof filter.value === 'number' ? 0 : ''}>{filter.all}</option>
        {filter.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    ) : (
      <input
        id={filter.id}
        className="ui-control"
        inputMode={filter.numeric ? 'numeric' : undefined}
        maxLength={filter.maxLength}
        value={filter.value}
        placeholder={filter.placeholder}
        onChange={(event) => filter.onChange(event.target.value)}
      />
    );
  return (
    <div className="staff-filters__item">
      <label className="staff-filters__label" htmlFor={filter.id}>
        {filter.label}
      </label>
      {control}
    </div>
  );
}

/** The filter form of a console list: its filters in order, then search and reset. */
export function DeskFilters({ list, label, filters }: { list: ListScreen; label: string; filters: DeskFilter[] }) {
  const { t } = useTranslation('staff-desks');
  const [range, onRange, onSearch, onReset] = useUnit([list.$rangeDraft, list.rangeChanged, list.searchSubmitted, list.resetClicked]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="staff-filters" aria-label={label} onSubmit={submit}>
      {filters.map((filter) => (
        <Field key={filter.kind === 'days' ? 'days' : filter.id} filter={filter} range={range} onRange={onRange} />
      ))}
      <div className="staff-filters__buttons">
        <Button htmlType="submit" type="primary">
          {t('common.search')}
        </Button>
        <Button type="tertiary" onClick={onReset}>
          {t('common.reset')}
        </Button>
      </div>
    </form>
  );
}

/** The filters most desks have: the account's phone (digits), an order number (letters and digits), days. */
export function useCommonFilters() {
  const { t } = useTranslation('staff-desks');
  return {
    phone: (id: string, value: string, onChange: (phone: string) => void): DeskFilter => ({
      kind: 'text',
      id,
      label: t('common.phone'),
      value,
      placeholder: t('common.phonePlaceholder'),
      maxLength: 11,
      numeric: true,
      onChange: (text) => onChange(text.replace(/\D/g, '')),
    }),
    code: (id: string, label: string, placeholder: string, value: string, onChange: (code: string) => void): DeskFilter => ({
      kind: 'text',
      id,
      label,
      value,
      placeholder,
      maxLength: 40,
      onChange: (text) => onChange(text.replace(/[^A-Za-z0-9]/g, '')),
    }),
    days: (): DeskFilter => ({
      kind: 'days',
      label: t('common.dateRange'),
      startLabel: t('common.startDate'),
      endLabel: t('common.endDate'),
    }),
  };
}
