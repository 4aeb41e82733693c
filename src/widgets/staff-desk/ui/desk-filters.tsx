import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { ListFilters, type ListFilter } from '@/shared/ui/list-page';
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

/** The filter form of a console list (the shared list filters): its filters in order, then search and reset. */
export function DeskFilters({ list, label, filters }: { list: ListScreen; label: string; filters: DeskFilter[] }) {
  const { t } = useTranslation('staff-desks');
  const [range, onRange, onSearch, onReset] = useUnit([list.$rangeDraft, list.rangeChanged, list.searchSubmitted, list.resetClicked]);
  const fields = filters.map((filter): ListFilter => (filter.kind === 'days' ? { ...filter, value: range, onChange: onRange } : filter));
  return (
    <ListFilters
      label={label}
      filters={fields}
      search={{ text: t('common.search'), onSearch }}
      reset={{ text: t('common.reset'), onReset }}
    />
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
