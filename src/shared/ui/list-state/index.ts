export { ListBody } from './list-body';
export type { ListBodyProps } from './list-body';
export { ListState } from './list-state';
export type { ListStateProps } from './list-state';
