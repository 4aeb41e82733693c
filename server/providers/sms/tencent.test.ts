import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTencentSmsStandIn, type TencentSmsStandIn } from '../../test-support/tencent-sms-standin';
import { type SmsMessage, SmsSendError, TencentSmsProvider, tencentFailure, tencentSmsConfig } from './index';
import { copyText } from '../../test-support/copy';

const SECRET_ID = 'AKIDstandin0000000000000000000000001';
const SECRET_KEY = 'standinSecretKey0123456789abcdef';
const SDK_APP_ID = '1400006666';
const SIGN_NAME = '存证平台';
const TEMPLATES = {
  TENCENT_SMS_TEMPLATE_REGISTER: '100001',
  TENCENT_SMS_TEMPLATE_LOGIN: '100002',
  TENCENT_SMS_TEMPLATE_RESET: '100003',
  TENCENT_SMS_TEMPLATE_VERIFICATION_RESULT: '100004',
};

let standIn: TencentSmsStandIn;

const settings = (overrides: Record<string, string> = {}) =>
  tencentSmsConfig({
    TENCENT_SMS_SECRET_ID: SECRET_ID,
    TENCENT_SMS_SECRET_KEY: SECRET_KEY,
    TENCENT_SMS_SDK_APP_ID: SDK_APP_ID,
    TENCENT_SMS_SIGN_NAME: SIGN_NAME,
    TENCENT_SMS_ENDPOINT: standIn.endpoint,
    ...TEMPLATES,
    ...overrides,
  });
const provider = (overrides: Record<string, string> = {}) => new TencentSmsProvider(settings(overrides));

const codeMessage = (code = '482913'): SmsMessage => ({
  phone: '13800138000',
  kind: 'reset',
  params: { code },
  text: `reset text ${code}`,
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
  standIn = await startTencentSmsStandIn({
    secretId: SECRET_ID,
    secretKey: SECRET_KEY,
    sdkAppId: SDK_APP_ID,
    signName: SIGN_NAME,
    templates: { '100001': 1, '100002': 1, '100003': 1, '100004': 1 },
  });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.messages.length = 0;
  standIn.requests.length = 0;
});

describe('Tencent Cloud SMS through the SDK against the stand-in', () => {
  it('sends the kind template with its values in order and the phone in E.164, signed (TC3-HMAC-SHA256); never the text', async () => {
    await provider().send(codeMessage());
    expect(standIn.requests).toEqual([{ action: 'SendSms', signatureValid: true }]);
    expect(standIn.messages).toEqual([
      {
        phone: '+8613800138000',
        signName: SIGN_NAME,
        templateId: '100003',
        params: ['482913'],
        sdkAppId: SDK_APP_ID,
        fieldNames: ['PhoneNumberSet', 'SignName', 'SmsSdkAppId', 'TemplateId', 'TemplateParamSet'],
      },
    ]);
    await provider().send({ phone: '13800138000', kind: 'verificationResult', params: { result: '已通过' }, text: 'long text' });
    expect(standIn.messages[1]).toMatchObject({ templateId: '100004', params: [copyText('kyc:info.supplementState.done')] });
  });

  it('is refused by the stand-in with a wrong secret key (AuthFailure.SignatureFailure), so the check is real', async () => {
    const error = await failure(provider({ TENCENT_SMS_SECRET_KEY: 'wrongSecretKey0123456789abcdef01' }).send(codeMessage('111222')));
    expect(error).toMatchObject({ provider: 'tencent', failure: 'unavailable', code: 'AuthFailure.SignatureFailure' });
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(standIn.requests).toEqual([{ action: 'SendSms', signatureValid: false, refusal: 'AuthFailure.SignatureFailure' }]);
    expect(standIn.messages).toEqual([]);
    expect(error.message).not.toContain('111222');
    // Another region signs the same but is not where the application lives.
    expect(await failure(provider({ TENCENT_SMS_REGION: 'ap-beijing' }).send(codeMessage()))).toMatchObject({
      code: 'InvalidParameterValue',
    });
  });

  it('reads SendStatusSet[0].Code and Response.Error, classified for the user', async () => {
    for (const [code, expected] of [
      ['LimitExceeded.PhoneNumberDailyLimit', 'dailyLimit'],
      ['LimitExceeded.PhoneNumberThirtySecondLimit', 'rateLimited'],
      ['LimitExceeded.PhoneNumberOneHourLimit', 'rateLimited'],
      ['FailedOperation.TemplateIncorrectOrUnapproved', 'unavailable'],
      ['FailedOperation.InsufficientBalanceInSmsPackage', 'unavailable'],
    ] as const) {
      standIn.failNext(code);
      const error = await failure(provider().send(codeMessage('777888')));
      expect(error).toMatchObject({ failure: expected, code });
      expect(error.message).not.toContain('777888');
    }
    standIn.failNext('FailedOperation.PhoneNumberInBlacklist', 'status');
    expect(await failure(provider().send(codeMessage()))).toMatchObject({ failure: 'badPhone' });
    expect(standIn.messages).toEqual([]);
    expect(tencentFailure('InvalidParameterValue.IncorrectPhoneNumber')).toBe('badPhone');
  });

  it('checks the fields it sends: unknown template, other sign name, other application', async () => {
    const base = settings();
    const send = (changed: typeof base) => failure(new TencentSmsProvider(changed).send(codeMessage()));
    expect(await send({ ...base, templates: { ...base.templates, reset: '999999' } })).toMatchObject({
      code: 'FailedOperation.TemplateIncorrectOrUnapproved',
    });
    expect(await send({ ...base, signName: '别的签名' })).toMatchObject({ code: 'FailedOperation.SignatureIncorrectOrUnapproved' });
    expect(await send({ ...base, sdkAppId: '1400000000' })).toMatchObject({ code: 'InvalidParameterValue.SdkAppIdNotExist' });
    expect(standIn.requests.every((r) => r.signatureValid)).toBe(true);
    expect(standIn.messages).toEqual([]);
  });

  it('a provider that cannot be reached is a transport failure', async () => {
    const closed = await startTencentSmsStandIn({
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
      sdkAppId: SDK_APP_ID,
      signName: SIGN_NAME,
      templates: {},
    });
    await closed.close();
    expect(await failure(provider({ TENCENT_SMS_ENDPOINT: closed.endpoint }).send(codeMessage()))).toMatchObject({
      failure: 'unavailable',
      code: 'transport',
      requestId: null,
    });
  });
});
