import type { Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Called by a service last inside the transaction of a change, with the record as it was before: the staff
 * console writes its audit row there (reading the state after through `trx`), so the change and its audit
 * commit together or not at all. Callers without one (the sandbox desks) pass nothing.
 */
export type ChangeHook<Before> = (trx: Transaction<DB>, before: Before) => Promise<void>;
