import type { SessionResponse } from '../../contracts/index';
import type { TestApp } from './create-test-app';

export const PASSWORD = 'abc123';

/** Asks for an SMS code the way the web app does (captcha first) and returns the code from the outbox. */
export async function requestSmsCode(t: TestApp, url: string, phone: string): Promise<string> {
  const reply = await t.post(url, { phone, ...(await t.captcha()) });
  if (reply.body.code !== 200) throw new Error(`${url} refused: ${reply.body.msg}`);
  return t.lastSmsCode(phone);
}

export async function register(t: TestApp, phone: string, password = PASSWORD): Promise<SessionResponse> {
  const smsCode = await requestSmsCode(t, '/api/Register/sendSMS', phone);
  const reply = await t.post<SessionResponse>('/api/Register', { phone, smsCode, password, confirmPassword: password });
  if (reply.body.code !== 200) throw new Error(`register refused: ${reply.body.msg}`);
  return reply.body.data;
}

export async function passwordLogin(t: TestApp, phone: string, password: string) {
  return t.post<SessionResponse>('/api/login', { phone, password, ...(await t.captcha()) });
}

export async function countRows(t: TestApp, table: 'users' | 'sessions' | 'sms_codes' | 'sms_outbox'): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
