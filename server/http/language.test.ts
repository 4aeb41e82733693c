import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE } from '../languages';
import { copyTextIn, defaultCopy } from '../test-support/copy';
import { createTestApp, type TestApp } from '../test-support/create-test-app';
import { register } from '../test-support/flows';
import { matchLanguage, parseAcceptLanguage, pickLanguage } from './language';

const server = defaultCopy('server');
/** English, as locales/en says it. */
const en = (key: string) => copyTextIn('en', key);

describe('Accept-Language', () => {
  it('orders ranges by q-value, keeps the sender order for equal q, and drops q=0 and malformed ranges', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de , en;q=0.8, it;q=0, b@d, es;q=0.8')).toEqual(['de', 'en', 'es', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('matches a range to a supported language, exactly or by its primary subtag', () => {
    const supported = ['zh-CN', 'en-GB'];
    expect(matchLanguage('zh', supported)).toBe('zh-CN');
    expect(matchLanguage('ZH-cn', supported)).toBe('zh-CN');
    expect(matchLanguage('en-US', supported)).toBe('en-GB');
    expect(matchLanguage('fr', supported)).toBeNull();
    expect(matchLanguage('*', supported)).toBeNull();
  });

  it("picks the user's setting, then the header's best match, then the default", () => {
    const supported = ['zh-CN', 'en-GB'];
    expect(pickLanguage('en-GB', 'zh-CN', supported, 'zh-CN')).toBe('en-GB');
    expect(pickLanguage(null, 'fr, en;q=0.5, zh;q=0.4', supported, 'zh-CN')).toBe('en-GB');
    expect(pickLanguage('fr', 'fr', supported, 'zh-CN')).toBe('zh-CN');
    expect(pickLanguage(null, undefined, supported, 'zh-CN')).toBe('zh-CN');
    // `*` (any language, what Node's fetch sends) gets the default, not the fallback for unsupported languages.
    expect(pickLanguage(null, '*', supported, 'zh-CN')).toBe('zh-CN');
    expect(pickLanguage(null, 'fr, *;q=0.5', supported, 'zh-CN')).toBe('zh-CN');
    expect(pickLanguage(null, 'en-GB, *', supported, 'zh-CN')).toBe('en-GB');
  });
});

describe('the language of a request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const call = async (url: string, headers: Record<string, string>, form: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
    return { status: response.statusCode, body: response.json<{ code: number; msg: string }>() };
  };

  it("answers in the default language for the browser's usual header and for none; an unsupported one gets the fallback", async () => {
    expect((await call('/api/user/getBanner', { 'accept-language': 'zh-CN,zh;q=0.9' })).body.msg).toBe(server.ok);
    expect((await call('/api/user/getBanner', {})).body.msg).toBe(server.ok);
    expect((await call('/api/user/getBanner', { 'accept-language': 'fr-FR,fr;q=0.9' })).body.msg).toBe(
      translatorFor(FALLBACK_LANGUAGE ?? DEFAULT_LANGUAGE).t('server:ok'),
    );
  });

  it('answers each request in its own language, success, refusal and error alike', async () => {
    expect((await call('/api/user/getBanner', { 'accept-language': 'fr, en;q=0.8' })).body.msg).toBe(en('server:ok'));
    expect((await call('/api/user/getBanner', { 'accept-language': DEFAULT_LANGUAGE })).body.msg).toBe(server.ok);
    expect((await call('/api/user/getBanner', { 'accept-language': 'en-US' })).body.msg).toBe(en('server:ok'));
    const refused = await call('/api/user/getBanner', { 'accept-language': 'en', 'content-type': 'application/json' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(en('server:badRequest'));
    // An API error: the call without a session, in English.
    const anonymous = await call('/api/user/getUserInfo', { 'accept-language': 'en' });
    expect(anonymous.body).toMatchObject({ code: 408, msg: en('errors:sessionExpired') });
  });

  it("lets the user's setting win over the header, and only a supported language be set", async () => {
    const alice = await register(t, '13600136101');
    const auth = { authorization: `Bearer ${alice.token}` };
    const set = await call('/api/user/setLanguage', { ...auth, 'accept-language': DEFAULT_LANGUAGE }, { language: 'en' });
    expect(set.body).toMatchObject({ code: 200, msg: en('server:updated') });
    expect((await t.db.selectFrom('users').select('language').where('phone', '=', '13600136101').executeTakeFirstOrThrow()).language).toBe(
      'en',
    );
    expect((await call('/api/user/getUserInfo', { ...auth, 'accept-language': 'zh-CN,zh;q=0.9' })).body.msg).toBe(en('server:ok'));
    // An error of a signed-in call, asked by a Chinese browser: in the account's English.
    const missing = await call('/api/User/invoiceDetail', { ...auth, 'accept-language': 'zh-CN,zh;q=0.9' }, { id: '999999' });
    expect(missing.body).toMatchObject({ code: 404, msg: en('invoice:applicationMissing') });

    const unsupported = await call('/api/user/setLanguage', { ...auth, 'accept-language': DEFAULT_LANGUAGE }, { language: 'fr' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.msg).toBe(translatorFor('en').validation('invalid|language'));

    const cleared = await call('/api/user/setLanguage', { ...auth, 'accept-language': DEFAULT_LANGUAGE }, { language: '' });
    expect(cleared.body.msg).toBe(server.updated);
    expect((await call('/api/user/getUserInfo', { ...auth, 'accept-language': 'en' })).body.msg).toBe(en('server:ok'));
    expect((await call('/api/user/getUserInfo', auth)).body.msg).toBe(server.ok);
  });
});
