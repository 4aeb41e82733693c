import { appVersionResponse, noticeResponse } from '../../../contracts/index';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { formatChinaTime } from '../../lib/time';
import { latestAppVersion, latestNotices } from './repository';
import type { ServerModule } from '../../module';

const TAG = 'content';
/** The home page shows a handful of notices; older ones are history. */
const NOTICE_LIMIT = 10;

export function contentRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: ['GET', 'POST'],
      url: '/api/news/notice',
      summary: 'Published notices, newest first (at most 10)',
      tag: TAG,
      auth: false,
      response: noticeResponse,
      handler: async () => ({
        list: (await latestNotices(ctx.db, NOTICE_LIMIT)).map((n) => ({
          id: n.id,
          title: n.title,
          content: n.content,
          addTime: formatChinaTime(n.created_at),
        })),
      }),
    }),
    defineRoute({
      method: ['GET', 'POST'],
      url: '/api/home/getAppVersion',
      summary: 'The current mobile app release',
      tag: TAG,
      auth: false,
      response: appVersionResponse,
      handler: async () => {
        const v = await latestAppVersion(ctx.db);
        if (!v) throw notFound('server:appVersionMissing');
        return {
          version: v.version,
          releasedAt: formatChinaTime(v.released_at),
          notes: v.notes,
          androidUrl: v.android_url,
          iosUrl: v.ios_url,
        };
      },
    }),
  ];
}

export const contentModule: ServerModule = {
  name: 'content',
  register: (_app, ctx) => ctx.addRoutes(contentRoutes(ctx)),
};
