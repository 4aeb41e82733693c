import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse, UserInfo } from '../../../contracts/index';
import { createTestApp, TEST_PASSWORD_LOG_N, type TestApp } from '../../test-support/create-test-app';
import { countRows, PASSWORD, passwordLogin, register, requestSmsCode } from '../../test-support/flows';
import { copyText, validationText } from '../../test-support/copy';

const PHONE = '13812345678';
const SESSION_EXPIRED = { code: 408, msg: copyText('errors:sessionExpired'), data: null };
const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const userInfo = (token: string) => t.post<UserInfo>('/api/user/getUserInfo', {}, token);

describe('register', () => {
  it('registers with a code from the sandbox outbox and signs in', async () => {
    const session = await register(t, PHONE);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // newsNum 1: the welcome notification (docs/decisions/account-centre.md).
    expect(session.userInfo).toMatchObject({ phone: PHONE, userStatus: 1, status: 1, points: 0, newsNum: 1 });
    const info = await userInfo(session.token);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ code: 200, data: { phone: PHONE } });
  });

  it('stores only hashes of the password, the session token and the SMS code', async () => {
    const { token } = await register(t, PHONE);
    const user = await t.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    // Test apps hash at a lower cost (TEST_PASSWORD_LOG_N); the cost travels with the hash.
    expect(user.password_hash).toMatch(new RegExp(`^scrypt\\$N=${2 ** Number(TEST_PASSWORD_LOG_N)},r=8,p=1\\$`));
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
    const codes = await t.db.selectFrom('sms_codes').select('code_hash').execute();
    expect(codes[0]?.code_hash).not.toMatch(/^\d{6}$/);
  });

  it('refuses a registration code for a registered phone', async () => {
    await register(t, PHONE);
    t.clock.advance(MINUTE + 1);
    const reply = await t.post('/api/Register/sendSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(reply.body).toEqual({ code: 400, msg: copyText('server:phoneRegistered'), data: null });
  });

  it('refuses a wrong SMS code with the spec message and creates nobody', async () => {
    const code = await requestSmsCode(t, '/api/Register/sendSMS', PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    const reply = await t.post('/api/Register', { phone: PHONE, smsCode: wrong, password: PASSWORD, confirmPassword: PASSWORD });
    expect(reply.body).toEqual({ code: 400, msg: copyText('validation:smsWrong'), data: null });
    expect(await countRows(t, 'users')).toBe(0);
  });

  it('answers the first validation message and stores nothing on bad input', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ phone: '12345', smsCode: '123456', password: PASSWORD, confirmPassword: PASSWORD }, copyText('validation:phoneInvalid')],
      [{ smsCode: '123456', password: PASSWORD, confirmPassword: PASSWORD }, copyText('validation:phoneEmpty')],
      [{ phone: PHONE, smsCode: '12', password: PASSWORD, confirmPassword: PASSWORD }, copyText('validation:smsWrong')],
      [{ phone: PHONE, smsCode: '123456', password: 'abcdef', confirmPassword: 'abcdef' }, copyText('validation:password')],
      [{ phone: PHONE, smsCode: '123456', password: PASSWORD, confirmPassword: 'abc124' }, copyText('validation:passwordMismatch')],
      [{ phone: PHONE, smsCode: '123456', password: PASSWORD }, validationText('required|confirmPassword')],
    ];
    for (const [form, msg] of cases) {
      const reply = await t.post('/api/Register', form);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ code: 400, msg, data: null });
    }
    const sms = await t.post('/api/Register/sendSMS', { phone: PHONE, captchaId: 'x' });
    expect(sms.body.msg).toBe(copyText('validation:captchaEmpty'));
    expect(await countRows(t, 'users')).toBe(0);
    expect(await countRows(t, 'sms_codes')).toBe(0);
    expect(await countRows(t, 'sms_outbox')).toBe(0);
  });

  it('accepts JSON bodies too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/Register/sendSMS', payload: { phone: 'x' } });
    expect(response.json()).toEqual({ code: 400, msg: copyText('validation:phoneInvalid'), data: null });
  });
});

describe('captcha', () => {
  it('is an SVG without readable text, case-insensitive and single-use', async () => {
    const reply = await t.post<{ captchaId: string; image: string }>('/api/Register/getImgCode');
    expect(reply.body.code).toBe(200);
    const svg = Buffer.from(reply.body.data.image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
    expect(svg).toMatch(/^<svg/);
    expect(svg).not.toMatch(/<text/);

    const { captchaId, captcha } = await t.captcha();
    const first = await t.post('/api/Register/sendSMS', { phone: PHONE, captchaId, captcha: captcha.toLowerCase() });
    expect(first.body.code).toBe(200);
    t.clock.advance(MINUTE + 1);
    const reused = await t.post('/api/Register/sendSMS', { phone: PHONE, captchaId, captcha });
    expect(reused.body).toEqual({ code: 400, msg: copyText('validation:captchaWrong'), data: null });
  });

  it('is spent by a wrong answer and expires after 5 minutes', async () => {
    const { captchaId, captcha } = await t.captcha();
    const wrong = await t.post('/api/Register/sendSMS', { phone: PHONE, captchaId, captcha: captcha === 'AAAA' ? 'BBBB' : 'AAAA' });
    expect(wrong.body.msg).toBe(copyText('validation:captchaWrong'));
    const retry = await t.post('/api/Register/sendSMS', { phone: PHONE, captchaId, captcha });
    expect(retry.body.msg).toBe(copyText('validation:captchaWrong'));

    const late = await t.captcha();
    t.clock.advance(5 * MINUTE + 1);
    expect((await t.post('/api/Register/sendSMS', { phone: PHONE, ...late })).body.msg).toBe(copyText('validation:captchaWrong'));
  });
});

describe('password login', () => {
  it('signs in with a new token each time and refuses a wrong password or captcha', async () => {
    const { token: first } = await register(t, PHONE);
    const ok = await passwordLogin(t, PHONE, PASSWORD);
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.token).not.toBe(first);
    expect(ok.body.data.userInfo.phone).toBe(PHONE);

    const wrong = await passwordLogin(t, PHONE, 'abc124');
    expect(wrong.body).toEqual({ code: 400, msg: copyText('server:wrongCredentials'), data: null });
    const unknown = await passwordLogin(t, '13900000000', PASSWORD);
    expect(unknown.body.msg).toBe(copyText('server:wrongCredentials'));

    const { captchaId } = await t.captcha();
    const badCaptcha = await t.post('/api/login', { phone: PHONE, password: PASSWORD, captchaId, captcha: 'ZZZZ' });
    expect(badCaptcha.body).toEqual({ code: 400, msg: copyText('validation:captchaWrong'), data: null });
  });

  it('locks the phone after 5 failures in 15 minutes, then lets it in again', async () => {
    await register(t, PHONE);
    for (let i = 0; i < 5; i += 1) expect((await passwordLogin(t, PHONE, 'wrong1')).body.code).toBe(400);
    const locked = await passwordLogin(t, PHONE, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 429, msg: copyText('server:loginLocked', { minutes: 15 }), data: null });
    t.clock.advance(15 * MINUTE + 1);
    expect((await passwordLogin(t, PHONE, PASSWORD)).body.code).toBe(200);
  });

  it('limits one address to 30 attempts in 15 minutes', async () => {
    for (let i = 0; i < 30; i += 1) {
      const reply = await t.post('/api/login', {
        phone: `1390000${String(i).padStart(4, '0')}`,
        password: 'x',
        captchaId: 'none',
        captcha: 'AAAA',
      });
      expect(reply.body.code).toBe(400);
    }
    const reply = await t.post('/api/login', { phone: PHONE, password: 'x', captchaId: 'none', captcha: 'AAAA' });
    expect(reply.body.code).toBe(429);
  });
});

describe('SMS login', () => {
  async function loginCode(): Promise<string> {
    t.clock.advance(MINUTE + 1);
    return requestSmsCode(t, '/api/Register/sendLoginSMS', PHONE);
  }

  it('signs in with the code once; the code cannot be reused', async () => {
    await register(t, PHONE);
    const smsCode = await loginCode();
    const ok = await t.post<SessionResponse>('/api/Login/smsLogin', { phone: PHONE, smsCode });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.userInfo.phone).toBe(PHONE);
    const again = await t.post('/api/Login/smsLogin', { phone: PHONE, smsCode });
    expect(again.body).toEqual({ code: 400, msg: copyText('server:smsExpired'), data: null });
  });

  it('refuses a login code for an unregistered phone', async () => {
    const reply = await t.post('/api/Register/sendLoginSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(reply.body).toEqual({ code: 400, msg: copyText('server:phoneNotRegistered'), data: null });
    expect(await countRows(t, 'sms_outbox')).toBe(0);
  });

  it('answers a wrong code with the spec message and locks after 5 failures', async () => {
    await register(t, PHONE);
    const smsCode = await loginCode();
    const wrong = smsCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await t.post('/api/Login/smsLogin', { phone: PHONE, smsCode: wrong });
      expect(reply.body).toEqual({ code: 400, msg: copyText('validation:smsWrong'), data: null });
    }
    const sixth = await t.post('/api/Login/smsLogin', { phone: PHONE, smsCode });
    expect(sixth.status).toBe(429);
  });

  it('refuses an expired code', async () => {
    await register(t, PHONE);
    const smsCode = await loginCode();
    t.clock.advance(5 * MINUTE + 1);
    const reply = await t.post('/api/Login/smsLogin', { phone: PHONE, smsCode });
    expect(reply.body).toEqual({ code: 400, msg: copyText('server:smsExpired'), data: null });
  });
});

describe('SMS sending limits', () => {
  it('allows one code per phone per minute', async () => {
    await requestSmsCode(t, '/api/Register/sendSMS', PHONE);
    t.clock.advance(30_000);
    const soon = await t.post('/api/Register/sendSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(soon.status).toBe(429);
    expect(soon.body).toEqual({ code: 429, msg: copyText('server:smsWait', { seconds: 30 }), data: null });
    t.clock.advance(30_001);
    expect((await t.post('/api/Register/sendSMS', { phone: PHONE, ...(await t.captcha()) })).body.code).toBe(200);
  });

  it('lifts the wait once the pending code was entered correctly (register, then an SMS login at once)', async () => {
    await register(t, PHONE);
    const first = await t.post('/api/Register/sendLoginSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(first.body.code).toBe(200);
    // The login code is pending now: the wait applies again.
    const again = await t.post('/api/Register/sendLoginSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(again.status).toBe(429);
  });

  it('allows 10 codes per phone per day', async () => {
    for (let i = 0; i < 10; i += 1) {
      await requestSmsCode(t, '/api/Register/sendSMS', PHONE);
      t.clock.advance(MINUTE + 1);
    }
    const eleventh = await t.post('/api/Register/sendSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(eleventh.body).toMatchObject({ code: 429, msg: copyText('server:smsDailyLimit') });
  });

  it('allows 20 codes per address per hour', async () => {
    for (let i = 0; i < 20; i += 1) await requestSmsCode(t, '/api/Register/sendSMS', `1370000${String(i).padStart(4, '0')}`);
    const reply = await t.post('/api/Register/sendSMS', { phone: PHONE, ...(await t.captcha()) });
    expect(reply.body).toMatchObject({ code: 429, msg: copyText('server:smsIpLimit') });
  });
});

describe('reset password', () => {
  it('sets a new password and signs out every old session', async () => {
    const { token } = await register(t, PHONE);
    t.clock.advance(MINUTE + 1);
    const smsCode = await requestSmsCode(t, '/api/Register/sendResetSMS', PHONE);
    const reply = await t.post('/api/login/resetPassword', { phone: PHONE, smsCode, password: 'new123', confirmPassword: 'new123' });
    expect(reply.body).toEqual({ code: 200, msg: copyText('server:resetSuccess'), data: null });
    const old = await userInfo(token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(SESSION_EXPIRED);
    expect((await passwordLogin(t, PHONE, PASSWORD)).body.code).toBe(400);
    expect((await passwordLogin(t, PHONE, 'new123')).body.code).toBe(200);
  });

  it('kills the code after 5 wrong tries', async () => {
    await register(t, PHONE);
    t.clock.advance(MINUTE + 1);
    const smsCode = await requestSmsCode(t, '/api/Register/sendResetSMS', PHONE);
    const wrong = smsCode === '000000' ? '111111' : '000000';
    const form = { phone: PHONE, password: 'new123', confirmPassword: 'new123' };
    for (let i = 0; i < 5; i += 1) {
      expect((await t.post('/api/login/resetPassword', { ...form, smsCode: wrong })).body.msg).toBe(copyText('validation:smsWrong'));
    }
    const right = await t.post('/api/login/resetPassword', { ...form, smsCode });
    expect(right.body).toEqual({ code: 400, msg: copyText('server:smsExpired'), data: null });
  });
});

describe('change password', () => {
  it('checks the old password and the repeat, then signs out every session', async () => {
    const { token } = await register(t, PHONE);
    const edit = (form: Record<string, string>) => t.post('/api/user/editPassword', form, token);

    expect((await edit({ oldPassword: 'wrong1', password: 'new123', confirmPassword: 'new123' })).body).toEqual({
      code: 400,
      msg: copyText('server:wrongOldPassword'),
      data: null,
    });
    expect((await edit({ oldPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD })).body.msg).toBe(
      copyText('validation:newPasswordSameAsOld'),
    );
    expect((await edit({ oldPassword: PASSWORD, password: 'new123', confirmPassword: 'new124' })).body.msg).toBe(
      copyText('validation:newPasswordMismatch'),
    );
    expect((await edit({ oldPassword: PASSWORD, password: 'new123' })).body.msg).toBe(validationText('required|repeatPassword'));

    const ok = await edit({ oldPassword: PASSWORD, password: 'new123', confirmPassword: 'new123' });
    expect(ok.body).toEqual({ code: 200, msg: copyText('server:passwordChanged'), data: null });
    expect((await userInfo(token)).body).toEqual(SESSION_EXPIRED);
    expect((await passwordLogin(t, PHONE, 'new123')).body.code).toBe(200);
  });

  it('needs a session', async () => {
    const reply = await t.post('/api/user/editPassword', { oldPassword: PASSWORD, password: 'new123', confirmPassword: 'new123' });
    expect(reply.body).toEqual(SESSION_EXPIRED);
  });
});

describe('sessions', () => {
  it('logout revokes the token given in the body', async () => {
    const { token } = await register(t, PHONE);
    const reply = await t.post('/api/user/logout', { Authorization: token });
    expect(reply.body).toEqual({ code: 200, msg: copyText('server:loggedOut'), data: null });
    expect((await userInfo(token)).body).toEqual(SESSION_EXPIRED);
  });

  it('logout also takes the header, and answers success without a session', async () => {
    const { token } = await register(t, PHONE);
    expect((await t.post('/api/user/logout', {}, token)).body.code).toBe(200);
    expect((await userInfo(token)).body).toEqual(SESSION_EXPIRED);
    expect((await t.post('/api/user/logout')).body.code).toBe(200);
  });

  it('expires after 24 idle hours but slides while in use', async () => {
    const { token } = await register(t, PHONE);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(23 * 60 * MINUTE);
      expect((await userInfo(token)).body.code).toBe(200);
    }
    t.clock.advance(24 * 60 * MINUTE);
    const expired = await userInfo(token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(SESSION_EXPIRED);
  });

  it('expires 30 days after login even when in use', async () => {
    const { token } = await register(t, PHONE);
    const step = 23 * 60 * MINUTE;
    // 31 steps of 23 hours are 29.7 days: still inside both limits.
    for (let i = 0; i < 31; i += 1) {
      t.clock.advance(step);
      expect((await userInfo(token)).body.code).toBe(200);
    }
    t.clock.advance(step);
    expect((await userInfo(token)).body).toEqual(SESSION_EXPIRED);
  });

  it('answers 408 for a missing or unknown token', async () => {
    expect((await t.post('/api/user/getUserInfo')).body).toEqual(SESSION_EXPIRED);
    expect((await userInfo('not-a-token')).body).toEqual(SESSION_EXPIRED);
  });
});
