export { createPagedList, rangeParams } from './model';
export type { BaseFilters, DayRange, ListView, PagedList, PagedListConfig, PageOf } from './model';
export { createFilterDrafts } from './drafts';
export { createListScreen } from './screen';
export type { ListScreen, ListScreenConfig } from './screen';
