import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AliyunSmsStandIn, startAliyunSmsStandIn } from '../../test-support/aliyun-sms-standin';
import { AliyunSmsProvider, aliyunFailure, aliyunSmsConfig, type SmsMessage, SmsSendError } from './index';

const ACCESS_KEY_ID = 'LTAI5tStandInKey0000001';
const ACCESS_KEY_SECRET = 'StandInSecret0123456789abcdef0';
const SIGN_NAME = '存证平台';
const TEMPLATES = {
  ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_100001',
  ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_100002',
  ALIYUN_SMS_TEMPLATE_RESET: 'SMS_100003',
  ALIYUN_SMS_TEMPLATE_VERIFICATION_RESULT: 'SMS_100004',
};

let standIn: AliyunSmsStandIn;

const provider = (secret = ACCESS_KEY_SECRET) =>
  new AliyunSmsProvider(
    aliyunSmsConfig({
      ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
      ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
      ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
      ALIYUN_SMS_ENDPOINT: standIn.endpoint,
      ...TEMPLATES,
    }),
  );

const codeMessage = (code = '482913'): SmsMessage => ({
  phone: '13800138000',
  kind: 'login',
  params: { code },
  text: `login text with ${code}`,
});

async function failure(promise: Promise<unknown>): Promise<SmsSendError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SmsSendError) return error;
    throw error;
  }
  throw new Error('the message was accepted');
}

beforeAll(async () => {
  standIn = await startAliyunSmsStandIn({
    accessKeyId: ACCESS_KEY_ID,
    accessKeySecret: ACCESS_KEY_SECRET,
    signName: SIGN_NAME,
    templates: { SMS_100001: ['code'], SMS_100002: ['code'], SMS_100003: ['code'], SMS_100004: ['result'] },
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.messages.length = 0;
  standIn.requests.length = 0;
});

describe('Aliyun SMS through the SDK against the stand-in', () => {
  it('sends the kind template with its values, signed (ACS3-HMAC-SHA256) with the secret; never the text', async () => {
    await provider().send(codeMessage());
    expect(standIn.requests).toEqual([{ action: 'SendSms', signatureValid: true }]);
    expect(standIn.messages).toEqual([
      {
        phone: '13800138000',
        signName: SIGN_NAME,
        templateCode: 'SMS_100002',
        params: { code: '482913' },
        parameterNames: ['PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam'],
      },
    ]);

    await provider().send({ phone: '13800138000', kind: 'verificationResult', params: { result: '未通过' }, text: 'long text' });
    expect(standIn.messages[1]).toMatchObject({ templateCode: 'SMS_100004', params: { result: '未通过' } });
  });

  it('is refused by the stand-in with a wrong secret (SignatureDoesNotMatch), so the check is real', async () => {
    const error = await failure(provider('WrongSecret0123456789abcdef012').send(codeMessage('111222')));
    expect(error).toMatchObject({ provider: 'aliyun', failure: 'unavailable', code: 'SignatureDoesNotMatch' });
    expect(error.requestId).toMatch(/^[0-9A-F-]{36}$/);
    expect(standIn.requests).toEqual([{ action: 'SendSms', signatureValid: false, refusal: 'SignatureDoesNotMatch' }]);
    expect(standIn.messages).toEqual([]);
    expect(error.message).not.toContain('111222');
  });

  it('reads the answer: Code other than OK is an error, classified for the user, without the code in its message', async () => {
    standIn.failNext('isv.BUSINESS_LIMIT_CONTROL', 'limit hit for {params}');
    const limited = await failure(provider().send(codeMessage('654321')));
    expect(limited).toMatchObject({ failure: 'rateLimited', code: 'isv.BUSINESS_LIMIT_CONTROL' });
    expect(limited.message).not.toContain('654321');

    for (const [code, expected] of [
      ['isv.AMOUNT_NOT_ENOUGH', 'unavailable'],
      ['isv.SMS_TEMPLATE_ILLEGAL', 'unavailable'],
      ['isv.MOBILE_NUMBER_ILLEGAL', 'badPhone'],
    ] as const) {
      standIn.failNext(code);
      expect(await failure(provider().send(codeMessage()))).toMatchObject({ failure: expected, code });
    }
    expect(standIn.messages).toEqual([]);
    // The day-level frequency control names its window in Chinese.
    expect(aliyunFailure('isv.BUSINESS_LIMIT_CONTROL', '\u89e6\u53d1\u5929\u7ea7\u6d41\u63a7Permits:10')).toBe('dailyLimit');
    expect(aliyunFailure('isv.BUSINESS_LIMIT_CONTROL', '\u89e6\u53d1\u5c0f\u65f6\u7ea7\u6d41\u63a7Permits:5')).toBe('rateLimited');
  });

  it('checks the fields it sends: a template the account does not have is refused by the stand-in', async () => {
    const wrong = new AliyunSmsProvider(
      aliyunSmsConfig({
        ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
        ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET,
        ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
        ALIYUN_SMS_ENDPOINT: standIn.endpoint,
        ...TEMPLATES,
        ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_999999',
      }),
    );
    expect(await failure(wrong.send(codeMessage()))).toMatchObject({ failure: 'unavailable', code: 'isv.SMS_TEMPLATE_ILLEGAL' });
    // The result template for a code (the start-up check refuses this; here the settings are forged): the variable is missing.
    const settings = aliyunSmsConfig({
      ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
      ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET,
      ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
      ALIYUN_SMS_ENDPOINT: standIn.endpoint,
      ...TEMPLATES,
    });
    const swapped = new AliyunSmsProvider({ ...settings, templates: { ...settings.templates, login: 'SMS_100004' } });
    expect(await failure(swapped.send(codeMessage()))).toMatchObject({ code: 'isv.TEMPLATE_MISSING_PARAMETERS' });
    // Another sign name than the account's.
    const unsigned = new AliyunSmsProvider({ ...settings, signName: '别的签名' });
    expect(await failure(unsigned.send(codeMessage()))).toMatchObject({ code: 'isv.SMS_SIGNATURE_ILLEGAL' });
    expect(standIn.messages).toEqual([]);
    expect(standIn.requests.every((r) => r.signatureValid)).toBe(true);
  });

  it('a provider that cannot be reached is a transport failure', async () => {
    const closed = await startAliyunSmsStandIn({
      accessKeyId: ACCESS_KEY_ID,
      accessKeySecret: ACCESS_KEY_SECRET,
      signName: SIGN_NAME,
      templates: {},
    });
    await closed.close();
    const unreachable = new AliyunSmsProvider(
      aliyunSmsConfig({
        ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
        ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET,
        ALIYUN_SMS_SIGN_NAME: SIGN_NAME,
        ALIYUN_SMS_ENDPOINT: closed.endpoint,
        ...TEMPLATES,
      }),
    );
    expect(await failure(unreachable.send(codeMessage()))).toMatchObject({ failure: 'unavailable', code: 'transport', requestId: null });
  });
});
