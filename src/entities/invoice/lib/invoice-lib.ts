import { paths } from '@/shared/routing';

/**
 * Order ids of the application page's query, as /orders writes them (`[1,2]`) or as a comma list (`1,2`).
 * Anything that is not a list of positive whole numbers is no choice at all; repeated ids count once.
 */
export function parseOrderIds(text: string | null | undefined): number[] {
  const parts = (text ?? '')
    .replace(/[[\]\s]/g, '')
    .split(',')
    .filter(Boolean);
  const ids = parts.map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return [];
  return [...new Set(ids)];
}

/** `/orders/makeOutInvoice?ids=[1,2]&money=…`: the application page for these orders (also the re-apply link). */
export const makeOutInvoicePath = (ids: readonly number[], money: number) =>
  `${paths.makeOutInvoice}?ids=${encodeURIComponent(JSON.stringify(ids))}&money=${Math.round(money * 100) / 100}`;

/** `/invoice/details?id=…` */
export const invoiceDetailsPath = (id: number) => `${paths.invoiceDetails}?id=${id}`;
