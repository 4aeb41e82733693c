import { formatPickedDay, parsePickedDay } from '@/shared/lib/time';
import './date-range-input.css';

export type DayRange = [Date | null, Date | null];

export type DateRangeInputProps = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** The visible legend of the group. */
  legend: string;
  /** Accessible names of the two inputs. */
  startLabel: string;
  endLabel: string;
  /** The fieldset's and legend's classes: where the group sits in its filter bar. */
  className?: string;
  legendClassName?: string;
};

/** A day as the `YYYY-MM-DD` value of a date input. */
const dayText = (date: Date | null) => (date ? formatPickedDay(date) : '');
const parseDay = parsePickedDay;

/**
 * Two native date inputs, start ~ end, each bounding the other. Native inputs rather than Semi's
 * DatePicker: light, keyboard and screen-reader friendly, and the phone's own picker on mobile.
 */
export function DateRangeInput({ value, onChange, legend, startLabel, endLabel, className, legendClassName }: DateRangeInputProps) {
  const [start, end] = value;
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="date-range">
        <input
          type="date"
          className="ui-control date-range__input"
          aria-label={startLabel}
          value={dayText(start)}
          max={dayText(end) || undefined}
          onChange={(event) => onChange([parseDay(event.target.value), end])}
        />
        <span aria-hidden="true">~</span>
        <input
          type="date"
          className="ui-control date-range__input"
          aria-label={endLabel}
          value={dayText(end)}
          min={dayText(start) || undefined}
          onChange={(event) => onChange([start, parseDay(event.target.value)])}
        />
      </div>
    </fieldset>
  );
}
