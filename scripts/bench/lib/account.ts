import type { HttpClient } from './http';

/** Sign-up and sign-in through the sandbox (server/README.md): captcha answers and SMS codes are readable. */

export interface Session {
  token: string;
}

/** Documentation addresses (RFC 5737) only used as X-Forwarded-For values; no traffic goes there. */
const FORWARDED_RANGES = ['198.51.100', '203.0.113', '192.0.2'];
let forwardedCount = 0;

/** A different client address for each call, for a server started with TRUST_PROXY=true. */
export function nextForwardedFor(): Record<string, string> {
  const n = forwardedCount++;
  const range = FORWARDED_RANGES[Math.floor(n / 254) % FORWARDED_RANGES.length] ?? FORWARDED_RANGES[0];
  return { 'x-forwarded-for': `${range}.${(n % 254) + 1}` };
}

/** A phone number unlikely to exist already (a PostgreSQL database may keep the accounts of earlier runs). */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export async function solveCaptcha(api: HttpClient, headers: Record<string, string> = {}) {
  const { captchaId } = await api.call<{ captchaId: string }>('/api/Register/getImgCode', {}, headers);
  const { answer } = await api.getJson<{ answer: string }>(`/sandbox/captcha.json?captchaId=${encodeURIComponent(captchaId)}`);
  return { captchaId, captcha: answer };
}

async function latestSmsCode(api: HttpClient, phone: string): Promise<string> {
  const { list } = await api.getJson<{ list: { phone: string; text: string }[] }>(`/sandbox/sms.json?phone=${phone}`);
  const code = list.find((entry) => entry.phone === phone)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code in the sandbox outbox for ${phone}`);
  return code;
}

export async function register(api: HttpClient, phone: string, password: string, headers: Record<string, string> = {}): Promise<Session> {
  const captcha = await solveCaptcha(api, headers);
  await api.call('/api/Register/sendSMS', { phone, ...captcha }, headers);
  const smsCode = await latestSmsCode(api, phone);
  return api.call<Session>('/api/Register', { phone, smsCode, password, confirmPassword: password }, headers);
}
