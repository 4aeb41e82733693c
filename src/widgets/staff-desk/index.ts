export { DeskActions } from './ui/desk-actions';
export type { DeskAction } from './ui/desk-actions';
export { DeskDetailHead, DeskDetailPage, DeskFacts, DeskPanel } from './ui/desk-detail-page';
export { DeskFilters, useCommonFilters } from './ui/desk-filters';
export type { DeskFilter } from './ui/desk-filters';
export { DeskRowsPage, listTexts } from './ui/desk-list-page';
export type { DeskListTexts, DeskRowsPageProps } from './ui/desk-list-page';
export { DeskTable } from './ui/desk-table';
export type { DeskColumn } from './ui/desk-table';
