// What other modules use of this one: they import it from here, never from the module's files.
export { OrderSearch } from './search';
export { type OrderRow, type OrderService, type SettleOutcome, STATUS, toMoney, toOrder } from './service';
