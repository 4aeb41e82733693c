import { DatePicker } from '@douyinfe/semi-ui-19';
import './date-range-input.css';

export type DayRange = [Date | null, Date | null];

export type DateRangeInputProps = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** The visible legend of the group. */
  legend: string;
  /** Names of the two inputs (their placeholders, which is also how assistive technology names them). */
  startLabel: string;
  endLabel: string;
  /** The fieldset's and legend's classes: where the group sits in its filter bar. */
  className?: string;
  legendClassName?: string;
};

/** DATE_FORMAT (dayjs's `YYYY-MM-DD`) in date-fns tokens, which Semi's DatePicker formats and parses with. */
const PICKER_FORMAT = 'yyyy-MM-dd';

const isDate = (value: unknown): value is Date => value instanceof Date && !Number.isNaN(value.getTime());

/**
 * Semi's range DatePicker: it shows and takes `YYYY-MM-DD` and a zh_CN calendar (Semi's LocaleProvider around
 * the signed-in pages) in every browser, where a native date input follows the browser's language. The picked
 * days are the browser's midnights; the list models read them as China days (`dateRangeToEpoch`).
 */
export function DateRangeInput({ value, onChange, legend, startLabel, endLabel, className, legendClassName }: DateRangeInputProps) {
  const [start, end] = value;
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <DatePicker
        type="dateRange"
        className="date-range"
        dropdownClassName="date-range__panel"
        format={PICKER_FORMAT}
        value={start && end ? [start, end] : undefined}
        placeholder={[startLabel, endLabel]}
        aria-label={legend}
        onChange={(picked) => {
          const [from, to] = Array.isArray(picked) ? picked : [];
          onChange(isDate(from) && isDate(to) ? [from, to] : [null, null]);
        }}
      />
    </fieldset>
  );
}
