import { HOUR_MS, MINUTE_MS } from '../../lib/time';

/** Every security number of the staff sign-in in one place; docs/staff.md lists them for people. */
export const STAFF_LIMITS = {
  /** Wrong passwords and codes in a row on one account before it is locked. */
  failuresBeforeLock: 5,
  /** How long a locked account refuses every sign-in step (an administrator may unlock it sooner). */
  lockMs: 15 * MINUTE_MS,
  /** Sign-in attempts (any step) from one address per window, right or wrong. */
  attemptsPerIp: 30,
  attemptWindowMs: 15 * MINUTE_MS,
  /** From a right password to the second factor (or enrolment). */
  challengeMs: 5 * MINUTE_MS,
  /** A session ends this long after sign-in however busy it is; the idle limit is STAFF_SESSION_IDLE_MINUTES. */
  sessionAbsoluteMs: 12 * HOUR_MS,
  /** last_seen_at is written at most this often (the idle limit is counted in minutes). */
  sessionTouchMs: 30_000,
} as const;

export const staffLimitFor = {
  attempts: (ip: string) => ({ bucket: `staff-login:ip:${ip}`, max: STAFF_LIMITS.attemptsPerIp, windowMs: STAFF_LIMITS.attemptWindowMs }),
  /** Names with no account are counted here, so they lock like real ones and the answer tells nothing. */
  unknownName: (username: string) => ({
    bucket: `staff-login-fail:name:${username}`,
    max: STAFF_LIMITS.failuresBeforeLock,
    windowMs: STAFF_LIMITS.lockMs,
  }),
};
