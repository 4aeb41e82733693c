export { afterMutations, createRecordScreen } from './model';
export type { RecordScreen } from './model';
