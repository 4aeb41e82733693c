import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsListing } from '../../../contracts/index';
import { sharedI18n } from '../../i18n';
import type * as Languages from '../../languages';
import { DEFAULT_LANGUAGE } from '../../languages';
import { copyText, copyTextIn } from '../../test-support/copy';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { KIND_WORD } from '../capture/service';
import { reasonKey } from '../capture/failure';
import { notify, notifyLiteral, word } from './service';

// A second language stands in for the one the product does not have yet: in memory, never as files in locales/.
const SECOND = 'en-XX';
vi.mock('../../languages', async (importOriginal) => {
  const real = await importOriginal<typeof Languages>();
  return { ...real, SUPPORTED_LANGUAGES: [...real.SUPPORTED_LANGUAGES, 'en-XX'] };
});
const secondCapture = {
  notify_failed: 'second: your {{kind}} "{{title}}" failed: {{reason}}',
  kind_web: 'second: web capture',
  reason_timeout: 'second: timed out',
};
const secondServer = {
  ok: 'second: ok',
  updated: 'second: updated',
  smsSent: 'second: sent',
  welcomeNotification: 'second: welcome',
  smsText: 'second: {{action}} code {{code}} ({{minutes}} min)',
  smsActionLogin: 'second: login',
  smsActionRegister: 'second: register',
};

let t: TestApp;
beforeAll(async () => {
  sharedI18n().addResourceBundle(SECOND, 'capture', secondCapture);
  sharedI18n().addResourceBundle(SECOND, 'server', secondServer);
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const userIdOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

const listIn = async (token: string, acceptLanguage: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/News/listing',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': acceptLanguage },
    payload: { page: '1' },
  });
  return response.json<{ data: NewsListing }>().data.list.map((n) => n.str);
};

const lastSmsText = async (phone: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/sandbox/sms.json?phone=${phone}` });
  return response.json<{ list: { text: string }[] }>().list[0]?.text ?? '';
};

describe('notifications are stored as a key and parameters and rendered in the reader’s language', () => {
  it('renders the same stored message in the language of each request that reads it, word parameters included', async () => {
    const { token } = await register(t, '13700137101');
    const userId = await userIdOf('13700137101');
    await notify(
      t,
      userId,
      { key: 'capture:notify_failed', params: { kind: word(KIND_WORD.web), title: 'T', reason: word(reasonKey('timeout')) } },
      null,
    );
    const stored = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ message_key: 'capture:notify_failed', content: '' });
    expect(JSON.parse(stored.message_params ?? '')).toEqual({
      kind: { key: 'capture:kind_web' },
      title: 'T',
      reason: { key: 'capture:reason_timeout' },
    });

    expect(await listIn(token, SECOND)).toEqual([
      'second: your second: web capture "T" failed: second: timed out',
      secondServer.welcomeNotification,
    ]);
    expect(await listIn(token, DEFAULT_LANGUAGE)).toEqual([
      copyText('capture:notify_failed', { kind: copyText('capture:kind_web'), title: 'T', reason: copyText('capture:reason_timeout') }),
      copyText('server:welcomeNotification'),
    ]);
  });

  it('reads in English for an English request, and for an account set to English whatever its browser says', async () => {
    const { token } = await register(t, '13700137105');
    const userId = await userIdOf('13700137105');
    await notify(
      t,
      userId,
      { key: 'capture:notify_failed', params: { kind: word(KIND_WORD.web), title: 'T', reason: word(reasonKey('timeout')) } },
      null,
    );
    const en = (key: string, vars?: Record<string, string>) => copyTextIn('en', key, vars);
    const english = [
      en('capture:notify_failed', { kind: en('capture:kind_web'), title: 'T', reason: en('capture:reason_timeout') }),
      en('server:welcomeNotification'),
    ];
    expect(await listIn(token, 'en-GB,en;q=0.9')).toEqual(english);
    expect((await t.post('/api/user/setLanguage', { language: 'en' }, token)).body.code).toBe(200);
    expect(await listIn(token, 'zh-CN,zh;q=0.9')).toEqual(english);
  });

  it('shows a row stored as final text (no key) as it is, in any language', async () => {
    const { token } = await register(t, '13700137102');
    await notifyLiteral(t, await userIdOf('13700137102'), 'as written', null);
    expect((await listIn(token, SECOND))[0]).toBe('as written');
    expect((await listIn(token, DEFAULT_LANGUAGE))[0]).toBe('as written');
  });
});

describe('SMS codes are in the recipient’s language', () => {
  const sendLoginCode = async (phone: string, acceptLanguage: string) => {
    const captcha = await t.captcha();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Register/sendLoginSMS',
      headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage },
      payload: { phone, ...captcha },
    });
    return response.json<{ code: number }>();
  };
  const sendRegisterCode = async (phone: string, acceptLanguage: string) => {
    const captcha = await t.captcha();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Register/sendSMS',
      headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage },
      payload: { phone, ...captcha },
    });
    return response.json<{ code: number }>();
  };

  it('a phone not yet registered gets the code in the language of the request that asked for it', async () => {
    expect((await sendRegisterCode('13700137103', SECOND)).code).toBe(200);
    expect(await lastSmsText('13700137103')).toMatch(/^second: second: register code \d{6} /);
  });

  it("a registered account gets it in its own language, whatever the asking browser's", async () => {
    await register(t, '13700137104');
    await t.db.updateTable('users').set({ language: SECOND }).where('phone', '=', '13700137104').execute();
    t.clock.advance(120_000);
    expect((await sendLoginCode('13700137104', DEFAULT_LANGUAGE)).code).toBe(200);
    expect(await lastSmsText('13700137104')).toMatch(/^second: second: login code \d{6} /);
  });
});
