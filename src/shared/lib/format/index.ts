export { formatAmount } from '@formats';
export { capCount } from './number';
