import { z } from 'zod';
import {
  editPasswordRequest,
  emptyBody,
  handoffRedeemRequest,
  handoffResponse,
  imgCodeResponse,
  loginRequest,
  logoutRequest,
  registerRequest,
  resetPasswordRequest,
  sendSmsRequest,
  sendSmsResponse,
  sessionResponse,
  smsLoginRequest,
} from '../../../contracts/index';
import type { AppContext } from '../../context';
import type { SmsPurpose } from '../../db/schema';
import { defineRoute, type RouteDefinition } from '../../http/route';
import { HandoffService } from './handoff';
import { AuthService } from './service';
import { tokenFrom } from './sessions';
import type { ServerModule } from '../../module';

const TAG = 'auth';

export function authRoutes(ctx: AppContext): RouteDefinition[] {
  const auth = new AuthService(ctx);
  const handoff = new HandoffService(ctx, (userId) => auth.startSession(userId));

  const sendSms = (url: string, purpose: SmsPurpose, summary: string) =>
    defineRoute({
      method: 'POST',
      url,
      summary,
      tag: TAG,
      auth: false,
      body: sendSmsRequest,
      response: sendSmsResponse,
      successMessage: 'smsSent',
      handler: ({ body, request }) => auth.sendCode(purpose, body, request.ip, request.translator),
    });

  return [
    defineRoute({
      method: 'POST',
      url: '/api/Register/getImgCode',
      summary: 'Issue a one-time image captcha (SVG, 4 characters, 5 minutes)',
      tag: TAG,
      auth: false,
      body: emptyBody,
      response: imgCodeResponse,
      handler: () => ctx.captchas.issue(),
    }),
    sendSms('/api/Register/sendSMS', 'register', 'Send a registration code; refused when the phone is registered'),
    sendSms('/api/Register/sendLoginSMS', 'login', 'Send a login code; refused when the phone is not registered'),
    sendSms('/api/Register/sendResetSMS', 'reset', 'Send a password-reset code; refused when the phone is not registered'),
    defineRoute({
      method: 'POST',
      url: '/api/Register',
      summary: 'Register with phone, SMS code and password; answers a new session',
      tag: TAG,
      auth: false,
      body: registerRequest,
      response: sessionResponse,
      successMessage: 'registerSuccess',
      handler: ({ body }) => auth.register(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/login',
      summary: 'Password login with image captcha; answers a new session',
      tag: TAG,
      auth: false,
      body: loginRequest,
      response: sessionResponse,
      successMessage: 'loginSuccess',
      handler: ({ body, request }) => auth.login(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/Login/smsLogin',
      summary: 'SMS-code login; answers a new session',
      tag: TAG,
      auth: false,
      body: smsLoginRequest,
      response: sessionResponse,
      successMessage: 'loginSuccess',
      handler: ({ body, request }) => auth.smsLogin(body, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/handoff',
      summary:
        'A single-use sign-in code for the phone (shown as a QR code on the desktop): 256 random bits, base64url, living AUTH_HANDOFF_TTL_SECONDS; only its hash is stored',
      tag: TAG,
      auth: true,
      body: emptyBody,
      response: handoffResponse,
      handler: ({ session }) => handoff.issue(session.userId),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/auth/handoff/redeem',
      summary:
        "The phone's sign-in with a desktop's code ({code}); answers a new session as login does. An unknown, used or expired code is one refusal; tries count in login's per-address budget",
      tag: TAG,
      auth: false,
      body: handoffRedeemRequest,
      response: sessionResponse,
      successMessage: 'loginSuccess',
      handler: ({ body, request }) => handoff.redeem(body.code, request.ip),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/login/resetPassword',
      summary: 'Set a new password with an SMS code; signs out every session of the account',
      tag: TAG,
      auth: false,
      body: resetPasswordRequest,
      response: z.null(),
      successMessage: 'resetSuccess',
      handler: async ({ body }) => {
        await auth.resetPassword(body);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/logout',
      summary: 'Revoke the session named by the Authorization body field or header; always succeeds',
      tag: TAG,
      auth: false,
      body: logoutRequest,
      response: z.null(),
      successMessage: 'loggedOut',
      handler: async ({ body, request }) => {
        await auth.logout(tokenFrom(body.Authorization) ?? tokenFrom(request.headers.authorization));
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/editPassword',
      summary: 'Change the password; signs out every session of the account',
      tag: TAG,
      auth: true,
      body: editPasswordRequest,
      response: z.null(),
      successMessage: 'passwordChanged',
      handler: async ({ body, session }) => {
        await auth.editPassword(session.userId, body);
        return null;
      },
    }),
  ];
}

export const authModule: ServerModule = {
  name: 'auth',
  register: (_app, ctx) => ctx.addRoutes(authRoutes(ctx)),
};
