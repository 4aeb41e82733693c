import { Secret, TOTP } from 'otpauth';

/**
 * The staff console's second factor: RFC 6238 TOTP as authenticator apps compute it (HMAC-SHA-1, T0 = 0, a
 * 30-second step, 6 digits), computed by otpauth. A code is accepted for the current step and one step either
 * side (clock drift), and only for a step later than the last one accepted, so a code seen over someone's
 * shoulder cannot be used again (otpauth checks codes; remembering the last step is ours).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted. */
export const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends (and the HMAC-SHA-1 block's natural key). */
export const TOTP_SECRET_BYTES = 20;

const totp = (secret: string, issuer = '', label = 'OTPAuth') =>
  new TOTP({ issuer, label, secret, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS });

/** A new random secret, base32 without padding (what otpauth:// URIs and authenticator apps take). */
export const newTotpSecret = () => new Secret({ size: TOTP_SECRET_BYTES }).base32;

/** The step a moment falls in (seconds since the epoch / 30, rounded down). */
export const totpStep = (at: Date) => TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: at.getTime() });

/** The code of a base32 secret for a moment. */
export const totpAt = (secret: string, at: Date) => totp(secret).generate({ timestamp: at.getTime() });

/**
 * The step `code` is right for, within ±TOTP_WINDOW of `now` and after `lastStep` (null: none used yet), or
 * null. A code that matches only a step already used (or an earlier one) is refused.
 */
export function matchTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep === null || step > lastStep ? step : null;
}

/** The otpauth:// URI a QR code carries (Google Authenticator's key URI format); the label is `issuer:account`. */
export const otpauthUri = (issuer: string, account: string, secret: string): string => totp(secret, issuer, account).toString();
