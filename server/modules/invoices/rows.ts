import type { Selectable } from 'kysely';
import type { InvoiceApplication, InvoiceHeader, InvoiceHeaderFields, InvoiceStatusCode } from '../../../contracts/index';
import type { InvoiceApplicationsTable, InvoiceHeadersTable } from '../../db/schema';
import { formatChinaTime } from '../../lib/time';
import { toMoney } from '../orders/index';

/** Invoice rows as the API answers them, and a header's fields as columns. */

export type HeaderRow = Selectable<InvoiceHeadersTable>;
export type ApplicationRow = Selectable<InvoiceApplicationsTable>;

export const toHeader = (r: HeaderRow): InvoiceHeader => ({
  id: r.id,
  head: r.head,
  type: r.type,
  taxNum: r.tax_num,
  bankName: r.bank_name,
  account: r.account,
  street: r.street,
  phoneNumber: r.phone_number,
});

export const headerColumns = (fields: InvoiceHeaderFields) => ({
  type: fields.type,
  head: fields.head,
  tax_num: fields.taxNum,
  bank_name: fields.bankName,
  account: fields.account,
  street: fields.street,
  phone_number: fields.phoneNumber,
});

export const toApplication = (r: ApplicationRow): InvoiceApplication => ({
  id: r.id,
  order_no: r.apply_no,
  create_time: formatChinaTime(r.created_at),
  money: toMoney(r.amount),
  orderCount: r.order_count,
  status: r.status as InvoiceStatusCode,
  head: r.head,
  type: r.type,
});
