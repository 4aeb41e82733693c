export { FilterTabs } from './filter-tabs';
export type { FilterTabsProps } from './filter-tabs';
