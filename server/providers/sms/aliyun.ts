import { createRequire } from 'node:module';
import type * as Dysmsapi from '@alicloud/dysmsapi20170525';
import type * as OpenApi from '@alicloud/openapi-client';
import type { AliyunSmsConfig } from './config';
import { redactedDetail, type SmsFailure, type SmsMessage, type SmsProvider, SmsSendError } from './provider';

type DysmsapiModule = typeof Dysmsapi;
type DysmsapiClient = InstanceType<DysmsapiModule['default']>;
type OpenApiModule = typeof OpenApi;

/** What SendSms answers (the SDK's SendSmsResponseBody, names lower-cased by the SDK). */
interface SendSmsAnswer {
  code?: string;
  message?: string;
  requestId?: string;
  bizId?: string;
}

/** An error the SDK throws: the API's answer (`code`, `statusCode`, `requestId`) or a network failure (no code). */
interface SdkError {
  code?: unknown;
  statusCode?: unknown;
  requestId?: unknown;
  message?: unknown;
  data?: { Message?: unknown } | null;
}

/** Aliyun's frequency control says which window it hit in Chinese; the day-level window is written with these two characters. */
const DAY_LEVEL = /\u5929\u7ea7/;

/** The user's side of an Aliyun error code (https://help.aliyun.com/document_detail/101346.html). */
export function aliyunFailure(code: string, message: string): SmsFailure {
  if (code === 'isv.BUSINESS_LIMIT_CONTROL') return DAY_LEVEL.test(message) ? 'dailyLimit' : 'rateLimited';
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL') return 'badPhone';
  return 'unavailable';
}

/**
 * SMS_PROVIDER=aliyun: SendSms of Aliyun's dysmsapi (2017-05-25) through the official SDK, which signs every
 * request with the AccessKey secret (ACS3-HMAC-SHA256 in `@alicloud/openapi-core` 1.x). Only the sign name, the
 * kind's template code and its variables (`TemplateParam`, JSON) are sent; `Code: "OK"` means accepted.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly kind = 'aliyun';
  readonly #config: AliyunSmsConfig;
  readonly #client: DysmsapiClient;
  readonly #SendSmsRequest: DysmsapiModule['SendSmsRequest'];

  constructor(config: AliyunSmsConfig, options: { timeoutMs?: number } = {}) {
    this.#config = config;
    // Loaded on first use only (a large SDK), and through require: the packages are CommonJS with
    // `exports.default`, which an ES module's default import would not unwrap.
    const require = createRequire(import.meta.url);
    const dysmsapi = require('@alicloud/dysmsapi20170525') as DysmsapiModule;
    const openapi = require('@alicloud/openapi-client') as OpenApiModule;
    this.#SendSmsRequest = dysmsapi.SendSmsRequest;
    const timeout = options.timeoutMs ?? 10_000;
    const sdkConfig = new openapi.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: config.endpoint.host,
      protocol: config.endpoint.protocol,
      regionId: 'cn-hangzhou',
      connectTimeout: Math.min(timeout, 5_000),
      readTimeout: timeout,
    });
    this.#client = new dysmsapi.default(sdkConfig);
  }

  async send(message: SmsMessage): Promise<void> {
    const request = new this.#SendSmsRequest({
      phoneNumbers: message.phone,
      signName: this.#config.signName,
      templateCode: this.#config.templates[message.kind],
      templateParam: JSON.stringify(message.params),
    });
    let answer: SendSmsAnswer;
    try {
      answer = (await this.#client.sendSms(request)).body ?? {};
    } catch (error) {
      const e = (error ?? {}) as SdkError;
      // Aliyun answered (HTTP 4xx/5xx with its Code), or the request never got an answer (ECONNREFUSED, time-out).
      const answered = typeof e.statusCode === 'number' && typeof e.code === 'string' && e.code !== '' && e.code !== 'undefined';
      const code = answered ? (e.code as string) : 'transport';
      const requestId = answered && typeof e.requestId === 'string' && e.requestId !== 'undefined' ? e.requestId : null;
      const reason = answered
        ? e.data?.Message
        : `${typeof e.code === 'string' ? `${e.code} ` : ''}${typeof e.message === 'string' ? e.message : ''}`;
      const detail = redactedDetail(reason, message);
      throw new SmsSendError('aliyun', answered ? aliyunFailure(code, detail) : 'unavailable', code, requestId, detail);
    }
    if (answer.code === 'OK') return;
    const code = answer.code ?? 'noCode';
    const detail = redactedDetail(answer.message, message);
    throw new SmsSendError('aliyun', aliyunFailure(code, answer.message ?? ''), code, answer.requestId ?? null, detail);
  }
}
