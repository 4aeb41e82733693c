export { DateRangeInput } from './date-range-input';
export type { DateRangeInputProps, DayRange } from './date-range-input';
