import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/time';

/** Every security number of sign-in in one place; server/README.md lists them for people. */
export const LIMITS = {
  captchaTtlMs: 5 * MINUTE_MS,
  smsCodeTtlMs: 5 * MINUTE_MS,
  smsMaxWrongTries: 5,
  smsResendMs: 60_000,
  smsPerPhonePerDay: 10,
  smsPerIpPerHour: 20,
  loginFailuresPerPhone: 5,
  loginFailureWindowMs: 15 * MINUTE_MS,
  loginAttemptsPerIp: 30,
  loginAttemptWindowMs: 15 * MINUTE_MS,
  sessionIdleMs: DAY_MS,
  sessionAbsoluteMs: 30 * DAY_MS,
  /** last_seen_at is written at most this often: enough precision for a 24 h idle limit, far fewer writes. */
  sessionTouchMs: MINUTE_MS,
} as const;

export const limitFor = {
  loginFailures: (phone: string) => ({
    bucket: `login-fail:phone:${phone}`,
    max: LIMITS.loginFailuresPerPhone,
    windowMs: LIMITS.loginFailureWindowMs,
  }),
  /** Guessing the old password from a stolen session is throttled like a login. */
  oldPasswordFailures: (userId: number) => ({
    bucket: `old-password-fail:user:${userId}`,
    max: LIMITS.loginFailuresPerPhone,
    windowMs: LIMITS.loginFailureWindowMs,
  }),
  loginAttempts: (ip: string) => ({
    bucket: `login:ip:${ip}`,
    max: LIMITS.loginAttemptsPerIp,
    windowMs: LIMITS.loginAttemptWindowMs,
  }),
  smsPerIp: (ip: string) => ({ bucket: `sms:ip:${ip}`, max: LIMITS.smsPerIpPerHour, windowMs: HOUR_MS }),
};
