export { ListState } from './list-state';
export type { ListStateProps } from './list-state';
