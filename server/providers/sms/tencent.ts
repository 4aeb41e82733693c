import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import type * as TencentSms from 'tencentcloud-sdk-nodejs-sms';
import { isLoopbackHost, type TencentSmsConfig } from './config';
import { orderedParams, redactedDetail, type SmsFailure, type SmsMessage, type SmsProvider, SmsSendError } from './provider';

type TencentSmsModule = typeof TencentSms;
type SmsClient = InstanceType<TencentSmsModule['sms']['v20210111']['Client']>;

/** What the SDK throws: `code` and `requestId` when Tencent Cloud answered an error, neither on a network failure. */
interface SdkError {
  code?: unknown;
  requestId?: unknown;
  message?: unknown;
}

/** The user's side of a Tencent Cloud SMS error code (https://cloud.tencent.com/document/api/382/59177). */
export function tencentFailure(code: string): SmsFailure {
  if (code === 'LimitExceeded.PhoneNumberDailyLimit') return 'dailyLimit';
  if (code.startsWith('LimitExceeded.PhoneNumber') || code === 'LimitExceeded.DeliveryFrequencyLimit') return 'rateLimited';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber' || code === 'FailedOperation.PhoneNumberInBlacklist') return 'badPhone';
  return 'unavailable';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Name resolution for the plain-http (stand-in) endpoint only: `*.localhost` is loopback (RFC 6761), which the C
 * library does not always answer. The SDK names the signed service after the host's first label, so a stand-in
 * is reached as `sms.localhost`; any other name is refused (this agent never leaves the machine).
 */
function loopbackLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  if (!isLoopbackHost(hostname)) {
    callback(Object.assign(new Error(`${hostname} is not a loopback name`), { code: 'ENOTFOUND' }), []);
    return;
  }
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}

/**
 * SMS_PROVIDER=tencent: SendSms of Tencent Cloud SMS (API 2021-01-11) through the official SDK, which signs every
 * request with TC3-HMAC-SHA256. Sends the sign name, the kind's template ID and its variables in template order
 * (`TemplateParamSet`); the phone goes in E.164 (`+86…`). Accepted when `SendStatusSet[0].Code` is `Ok`.
 */
export class TencentSmsProvider implements SmsProvider {
  readonly kind = 'tencent';
  readonly #config: TencentSmsConfig;
  readonly #client: SmsClient;

  constructor(config: TencentSmsConfig, options: { timeoutMs?: number } = {}) {
    this.#config = config;
    // Loaded on first use only, through require (CommonJS package).
    const require = createRequire(import.meta.url);
    const { sms } = require('tencentcloud-sdk-nodejs-sms') as TencentSmsModule;
    const http = config.endpoint.protocol === 'http';
    this.#client = new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: {
        httpProfile: {
          endpoint: config.endpoint.host,
          protocol: http ? 'http://' : 'https://',
          reqMethod: 'POST',
          reqTimeout: Math.ceil((options.timeoutMs ?? 10_000) / 1000),
          // Plain http is only ever loopback (checked at start): its own agent resolves sms.localhost.
          ...(http ? { agent: new Agent({ keepAlive: false, lookup: loopbackLookup }) } : {}),
        },
      },
    });
  }

  async send(message: SmsMessage): Promise<void> {
    const request = {
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.#config.sdkAppId,
      SignName: this.#config.signName,
      TemplateId: this.#config.templates[message.kind],
      TemplateParamSet: orderedParams(message),
    };
    let answer: Awaited<ReturnType<SmsClient['SendSms']>>;
    try {
      answer = await this.#client.SendSms(request);
    } catch (error) {
      const e = (error ?? {}) as SdkError;
      const code = typeof e.code === 'string' && e.code !== '' ? e.code : 'transport';
      const requestId = typeof e.requestId === 'string' && e.requestId !== '' ? e.requestId : null;
      throw new SmsSendError('tencent', tencentFailure(code), code, requestId, redactedDetail(e.message, message));
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code === 'Ok') return;
    const code = status?.Code ?? 'noStatus';
    throw new SmsSendError('tencent', tencentFailure(code), code, answer.RequestId ?? null, redactedDetail(status?.Message, message));
  }
}
