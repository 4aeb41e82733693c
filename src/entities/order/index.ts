export { createEvidencesPayMutation, evidencesPayFx } from './api/evidences-pay';
export { notaryOrderListFx, orderListContract, processOrderListFx, wxIsPayFx, wxIsPayQuery } from './api/orders';
export { isInvoiceEligible, makeOutInvoiceHref, weChatPayHref } from './lib/order-lib';
