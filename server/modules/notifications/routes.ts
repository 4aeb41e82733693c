import { z } from 'zod';
import {
  NEWS_PAGE_SIZE,
  newsChangeResponse,
  newsDeleteRequest,
  newsListingRequest,
  newsListingResponse,
  newsReadRequest,
  notificationSubjectSchema,
  phoneField,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { formatChinaTime } from '../../lib/time';
import { findUserByPhone } from '../auth/index';
import { countUnread, deleteNotifications, listNotifications, markRead, notificationText, notifyLiteral } from './service';
import type { ServerModule } from '../../module';

const TAG = 'notifications';

export function notificationRoutes(ctx: AppContext): RouteDefinition[] {
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'POST',
      url: '/api/News/listing',
      summary: "The owner's notifications, newest first, 10 per page",
      tag: TAG,
      auth: true,
      body: newsListingRequest,
      response: newsListingResponse,
      handler: async ({ session, body, request }) => {
        const { count, rows } = await listNotifications(ctx.db, session.userId, body.page, NEWS_PAGE_SIZE);
        return {
          count,
          list: rows.map((r) => ({
            newsId: r.id,
            str: notificationText(request.translator, r),
            addTime: formatChinaTime(r.created_at),
            isRead: r.is_read ? ('1' as const) : ('0' as const),
            subject: r.subject_kind && r.subject_ref ? { kind: r.subject_kind, ref: r.subject_ref } : null,
          })),
        };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/News/read',
      summary: 'Marks notifications read: newsId is a comma list of ids, or `all` (read-all); answers the unread count left',
      tag: TAG,
      auth: true,
      body: newsReadRequest,
      response: newsChangeResponse,
      handler: async ({ session, body }) => {
        const { userId } = session;
        await markRead(ctx.db, userId, body.newsId);
        return { unread: await countUnread(ctx.db, userId) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/News/del',
      summary: 'Deletes the selected notifications (comma list of ids, all or none); answers the unread count left',
      tag: TAG,
      auth: true,
      body: newsDeleteRequest,
      response: newsChangeResponse,
      successMessage: 'deleted',
      handler: async ({ session, body }) => {
        const { userId } = session;
        await deleteNotifications(ctx.db, userId, body.newsId);
        return { unread: await countUnread(ctx.db, userId) };
      },
    }),
  ];

  // Sandbox only: lets a tester (and the browser tests) leave a message for an account, as a payment or
  // the notary office will once those domains exist. Never registered in production.
  if (ctx.config.APP_MODE === 'sandbox') {
    routes.push(
      defineRoute({
        method: 'POST',
        url: '/sandbox/notify',
        summary: 'Sandbox only: leaves a notification (with an optional subject) for the account of `phone`',
        tag: 'sandbox',
        auth: false,
        // The subject as two flat fields (form bodies have no nesting); used only when both are given.
        body: z.object({
          phone: phoneField,
          text: z.string().trim().min(1).max(500),
          subjectKind: notificationSubjectSchema.shape.kind.optional(),
          subjectRef: notificationSubjectSchema.shape.ref.optional(),
        }),
        response: z.object({ newsId: z.number().int() }),
        handler: async ({ body }) => {
          const user = await findUserByPhone(ctx.db, body.phone);
          if (!user) throw notFound();
          return {
            newsId: await notifyLiteral(
              ctx,
              user.id,
              body.text,
              body.subjectKind && body.subjectRef ? { kind: body.subjectKind, ref: body.subjectRef } : null,
            ),
          };
        },
      }),
    );
  }
  return routes;
}

export const notificationsModule: ServerModule = {
  name: 'notifications',
  register: (_app, ctx) => ctx.addRoutes(notificationRoutes(ctx)),
};
