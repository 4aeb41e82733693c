export { notaryOrderListFx, orderListContract, processOrderListFx, wxIsPayFx, wxIsPayQuery } from './api/orders';
export { isInvoiceEligible, makeOutInvoiceHref, moneyText, weChatPayHref } from './lib/order-lib';
