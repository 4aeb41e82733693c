export { capCount, formatAmount } from './number';
