export { formatChinaDate, formatChinaTime } from './china-time';
