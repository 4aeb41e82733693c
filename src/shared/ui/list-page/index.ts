export { ListPage, listPageTexts } from './list-page';
export type { ListPagerExtras, ListPageModel, ListPageProps, ListPageTexts } from './list-page';
export { ListFilters } from './list-filters';
export type { ListFilter, ListFiltersProps } from './list-filters';
export { ListCards, ListRows, ListTable } from './list-rows';
export type { CardPlace, ListColumn, ListRowsProps } from './list-rows';
