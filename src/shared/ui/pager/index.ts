export { Pager } from './pager';
export type { PagerJump, PagerProps } from './pager';
