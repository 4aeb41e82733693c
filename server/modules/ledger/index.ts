// What other modules use of this one: they import it from here, never from the module's files.
export { applyLedgerEntry, newOrderNo, refundPoints, spendPoints, type Trx } from './service';
