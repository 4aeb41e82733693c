import { z } from 'zod';
import {
  bannerResponse,
  emptyBody,
  extractCodeResponse,
  setExtractCodeRequest,
  setLanguageRequest,
  userInfoSchema,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { pickLanguage, supportedLanguage } from '../../http/language';
import { translatorFor } from '../../i18n';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { findExtractCode, updateExtractCode } from './repository';
import { getUserInfo } from './service';
import type { ServerModule } from '../../module';

const TAG = 'account';

export function accountRoutes(ctx: AppContext): RouteDefinition[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/user/getUserInfo',
      summary: 'The signed-in user (spec section 3 fields); refreshed by the web app on every route change',
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: userInfoSchema,
      handler: ({ session }) => getUserInfo(ctx.db, session.userId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/getBanner',
      summary: 'The site-wide banner title (BANNER_TITLE); empty when none',
      tag: TAG,
      auth: false,
      body: emptyBody,
      response: bannerResponse,
      handler: () => ({ title: ctx.config.BANNER_TITLE }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/getExtractCode',
      summary: "The owner's extraction code, which lets others open a limited certificate and download shared evidence",
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: extractCodeResponse,
      handler: async ({ session }) => ({ extractCode: await findExtractCode(ctx.db, session.userId) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/setExtractCode',
      summary: 'Sets the extraction code (required, at most 30 characters)',
      tag: TAG,
      auth: true,
      body: setExtractCodeRequest,
      response: z.null(),
      successMessage: 'updated',
      handler: async ({ session, body }) => {
        await updateExtractCode(ctx.db, session.userId, body.extractCode);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/setLanguage',
      summary: "The account's language for the server's messages, SMS and e-mail (one of locales/languages.json); null follows the browser",
      tag: TAG,
      auth: true,
      body: setLanguageRequest,
      response: z.null(),
      successMessage: 'updated',
      handler: async ({ session, body, request }) => {
        const language = body.language === null ? null : supportedLanguage(body.language);
        if (body.language !== null && language === null)
          throw badRequest('validation:invalid', { field: request.translator.t('fields:language') });
        await ctx.db.updateTable('users').set({ language }).where('id', '=', session.userId).execute();
        ctx.sessions.setLanguage(session.userId, language);
        // The answer already speaks the new language.
        request.translator = translatorFor(pickLanguage(language, request.headers['accept-language']));
        return null;
      },
    }),
  ];
}

export const accountModule: ServerModule = {
  name: 'account',
  register: (_app, ctx) => ctx.addRoutes(accountRoutes(ctx)),
};
