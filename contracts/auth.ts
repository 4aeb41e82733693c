import { z } from 'zod';
import { codes } from './common';
import { msg } from './messages';
import { IMAGE_CAPTCHA, PASSWORD, PHONE, SMS_CODE } from './rules';

export const phoneField = z
  .string({ required_error: msg('phoneEmpty') })
  .trim()
  .min(1, msg('phoneEmpty'))
  .regex(PHONE, msg('phoneInvalid'));

export const passwordField = z
  .string({ required_error: msg('required', 'password') })
  .min(1, msg('required', 'password'))
  .regex(PASSWORD, msg('password'));

export const captchaField = z
  .string({ required_error: msg('captchaEmpty') })
  .trim()
  .min(1, msg('captchaEmpty'))
  .regex(IMAGE_CAPTCHA, msg('captchaWrong'));

export const smsCodeField = z
  .string({ required_error: msg('smsEmpty') })
  .trim()
  .min(1, msg('smsEmpty'))
  .regex(SMS_CODE, msg('smsWrong'));

const captchaIdField = z
  .string({ required_error: msg('captchaEmpty') })
  .min(1, msg('captchaEmpty'))
  .max(64);

/** POST /api/Register/getImgCode: empty payload; answers a one-time captcha. */
export const imgCodeResponse = z.object({
  captchaId: z.string(),
  /** An SVG image as a data: URL. */
  image: z.string(),
});

/** POST /api/Register/sendSMS, /api/Register/sendLoginSMS, /api/Register/sendResetSMS */
export const sendSmsRequest = z.object({
  phone: phoneField,
  captchaId: captchaIdField,
  captcha: captchaField,
});
export const sendSmsResponse = z.object({
  /** Seconds before another code may be requested for this phone. */
  resendAfter: z.number().int(),
});

/** POST /api/login (password login) */
export const loginRequest = z.object({
  phone: phoneField,
  password: z
    .string({ required_error: msg('required', 'password') })
    .min(1, msg('required', 'password'))
    .max(64),
  captchaId: captchaIdField,
  captcha: captchaField,
});

/** POST /api/Login/smsLogin */
export const smsLoginRequest = z.object({
  phone: phoneField,
  smsCode: smsCodeField,
});

const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({
      ...shape,
      password: passwordField,
      confirmPassword: z.string({ required_error: msg('required', 'confirmPassword') }).min(1, msg('required', 'confirmPassword')),
    })
    .refine((v) => v.password === v.confirmPassword, { message: msg('passwordMismatch'), path: ['confirmPassword'] });

/** POST /api/Register */
export const registerRequest = withConfirmation({ phone: phoneField, smsCode: smsCodeField });

/** POST /api/login/resetPassword */
export const resetPasswordRequest = withConfirmation({ phone: phoneField, smsCode: smsCodeField });

/** POST /api/user/editPassword (spec: oldPassword, password, confirmPassword) */
export const editPasswordRequest = z
  .object({
    oldPassword: z.string({ required_error: msg('required', 'oldPassword') }).min(1, msg('required', 'oldPassword')),
    password: z
      .string({ required_error: msg('required', 'newPassword') })
      .min(1, msg('required', 'newPassword'))
      .regex(PASSWORD, msg('password')),
    confirmPassword: z.string({ required_error: msg('required', 'repeatPassword') }).min(1, msg('required', 'repeatPassword')),
  })
  .refine((v) => v.password === v.confirmPassword, { message: msg('newPasswordMismatch'), path: ['confirmPassword'] })
  .refine((v) => v.password !== v.oldPassword, { message: msg('newPasswordSameAsOld'), path: ['password'] });

/** POST /api/user/logout (spec: payload Authorization) */
export const logoutRequest = z.object({ Authorization: z.string().optional() });

/** userStatus 1 not verified, 2 under review, 3 passed, 4 failed. */
export const userStatusSchema = codes(1, 2, 3, 4);
/** status 1 individual, 2 organisation. */
export const userTypeSchema = codes(1, 2);

/** POST /api/user/getUserInfo: the current user (spec section 3 fields, plus the login phone). */
export const userInfoSchema = z.object({
  phone: z.string(),
  userStatus: userStatusSchema,
  status: userTypeSchema,
  /** 0 none yet, 1 document upload, 3 face recognition. */
  authType: z.number().int(),
  /** 1 supplement needed, 2 supplement under review, 4 supplement failed, others passed. */
  repairType: z.number().int(),
  /** Available points; the ledger keeps hundredths, so at most two decimals. */
  points: z.number(),
  /** Unread notifications. */
  newsNum: z.number().int(),
  contactPhone: z.string(),
  company: z.string(),
  contactName: z.string(),
  /** The account's language (POST /api/user/setLanguage); null follows the browser. The web app shows it after sign-in. */
  language: z.string().nullable().default(null),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Login, SMS login and registration answer a fresh session token and the user. */
export const sessionResponse = z.object({
  token: z.string(),
  userInfo: userInfoSchema,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** POST /api/user/getBanner: the site-wide banner title; empty when there is none. */
export const bannerResponse = z.object({ title: z.string() });

/** POST /api/news/notice: public notices (home page). */
export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  addTime: z.string(),
});
export const noticeResponse = z.object({ list: z.array(noticeSchema) });

/** POST /api/home/getAppVersion: the current mobile app release. */
export const appVersionResponse = z.object({
  version: z.string(),
  releasedAt: z.string(),
  notes: z.string(),
  androidUrl: z.string(),
  iosUrl: z.string(),
});
