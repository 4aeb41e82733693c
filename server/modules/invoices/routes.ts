import { z } from 'zod';
import {
  addInvoiceRequest,
  checkFailResponse,
  editInvoiceRequest,
  INVOICE_HEADER_MAX,
  INVOICE_PAGE_SIZE,
  invoiceAskRequest,
  invoiceAskResponse,
  invoiceDetailResponse,
  invoiceHeaderResponse,
  invoiceIdRequest,
  invoiceListRequest,
  invoiceListResponse,
  invoiceOrdersRequest,
  invoiceOrdersResponse,
  riseListResponse,
  type AuthInfo,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { contentDisposition } from '../../files/links';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { INVOICE_FILE_PATH, InvoiceService, type EnterpriseLookup } from './service';
import type { ModuleContext, ServerModule } from '../../module';
import { INVOICE_FILE_TYPES } from './documents';
import { invoiceMail } from './mail';

const TAG = 'invoices';

/**
 * The enterprise behind an account, from its real-name verification: a verified organisation (status 2,
 * userStatus 3) answers its company name and credit code as the verification desk approved them.
 */
export function enterpriseFromVerification(authInfo: (userId: number) => Promise<AuthInfo>): EnterpriseLookup {
  return async (userId) => {
    const info = await authInfo(userId);
    if (info.status !== 2 || info.userStatus !== 3 || !info.organization) return null;
    return { company: info.organization.company, taxNumber: info.organization.taxNumber };
  };
}

/** Invoices: the spec's calls at their exact paths and our order lookup (finance works in the staff console). */
function invoiceRoutes(ctx: AppContext, enterpriseOf: EnterpriseLookup) {
  const service = new InvoiceService(ctx.db, ctx.clock, ctx.translator, enterpriseOf, ctx.links);

  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'POST',
      url: '/api/user/invoiceList',
      summary: "The owner's invoice applications, newest first, 10 per page; status 1-4 filters, startTime/endTime (epoch s) inclusive",
      tag: TAG,
      auth: true,
      body: invoiceListRequest,
      response: invoiceListResponse,
      handler: ({ session, body }) =>
        service.list(session.userId, {
          page: body.page,
          pageSize: INVOICE_PAGE_SIZE,
          status: body.status,
          startTime: body.startTime,
          endTime: body.endTime,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/User/riseList',
      summary: "The owner's invoice headers (at most 5), oldest first",
      tag: TAG,
      auth: true,
      response: riseListResponse,
      handler: async ({ session }) => ({ list: await service.headers(session.userId), max: INVOICE_HEADER_MAX }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/addInvoice',
      summary:
        'Adds an invoice header; bank name, account, registered address and phone are required for ENTERPRISE_SPECIAL; the sixth is refused',
      tag: TAG,
      auth: true,
      body: addInvoiceRequest,
      response: invoiceHeaderResponse,
      successMessage: 'invoice:headerAdded',
      handler: ({ session, body }) => service.addHeader(session.userId, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/editInvoice',
      summary: 'Changes an invoice header of the owner (same fields as addInvoice, plus id); applications keep their copy',
      tag: TAG,
      auth: true,
      body: editInvoiceRequest,
      response: invoiceHeaderResponse,
      successMessage: 'updated',
      handler: ({ session, body }) => service.editHeader(session.userId, body.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/delInvoice',
      summary: 'Deletes an invoice header of the owner; applications keep their copy',
      tag: TAG,
      auth: true,
      body: invoiceIdRequest,
      response: z.null(),
      successMessage: 'invoice:headerDeleted',
      handler: async ({ session, body }) => {
        await service.deleteHeader(session.userId, body.id);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/invoiceOrders',
      summary:
        'Ours: the chosen orders (ids as [1,2] or 1,2; at most 5) as the application page shows them, each with eligible and the reason when not',
      tag: TAG,
      auth: true,
      body: invoiceOrdersRequest,
      response: invoiceOrdersResponse,
      handler: async ({ session, body, request }) => ({ list: await service.orderChoices(request.translator, session.userId, body.ids) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/invoiceAsk',
      summary:
        'Applies for invoices: ids (1-5 paid, money-paid orders of this year, invoiceStatus 0 or 3), userInvoiceId, userAddressId (not Hong Kong, Macau, Taiwan), remark (at most 150). The orders move to invoiceStatus 1',
      tag: TAG,
      auth: true,
      body: invoiceAskRequest,
      response: invoiceAskResponse,
      successMessage: 'submitted',
      handler: ({ session, body }) => service.apply(session.userId, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/User/invoiceDetail',
      summary: 'One application of the owner: header and recipient as applied, courier number or e-mail, remarks, shipping, and its orders',
      tag: TAG,
      auth: true,
      body: invoiceIdRequest,
      response: invoiceDetailResponse,
      handler: ({ session, body, request }) => service.detail(request.translator, session.userId, body.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/checkFail',
      summary: 'The refusal reason of a refused application of the owner (data.checkRemark); 400 for one not refused',
      tag: TAG,
      auth: true,
      body: invoiceIdRequest,
      response: checkFailResponse,
      handler: ({ session, body }) => service.checkFail(session.userId, body.id),
    }),
  ];

  return { routes, service };
}

/** Orders of an organisation go only to its verified enterprise's header (spec section 6). */
export const invoiceModule: ServerModule = {
  name: 'invoices',
  register(app, ctx: ModuleContext) {
    const invoices = invoiceRoutes(
      ctx,
      enterpriseFromVerification((userId) => ctx.kyc.service.authInfo(userId)),
    );
    ctx.addRoutes(invoices.routes);
    const { store, mail } = ctx.invoiceMail;
    ctx.jobs.register(invoiceMail({ db: ctx.db, clock: ctx.clock, translator: ctx.translator, jobs: ctx.jobs, mail }).handler);
    // The signed link is the permission (made by invoiceDetail for the owner only); anything else answers 404 alike.
    app.get(INVOICE_FILE_PATH, async (request, reply) => {
      const file = await invoices.service.fileOfLink(request.translator, request.query);
      if (!file || !(await store.has(file.key)))
        return reply.status(404).send({ code: 404, msg: request.translator.t('invoice:fileMissing'), data: null });
      const { stream, size } = await store.open(file.key);
      return reply
        .header('content-type', INVOICE_FILE_TYPES[file.kind])
        .header('content-length', size)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    });
  },
};
