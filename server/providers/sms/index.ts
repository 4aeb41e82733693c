export { AliyunSmsProvider, aliyunFailure } from './aliyun';
export {
  type AliyunSmsConfig,
  aliyunSmsConfig,
  DEFAULT_ALIYUN_SMS_ENDPOINT,
  DEFAULT_TENCENT_SMS_ENDPOINT,
  DEFAULT_TENCENT_SMS_REGION,
  isLoopbackHost,
  SmsConfigError,
  type SmsEndpoint,
  type SmsEnv,
  type SmsSettings,
  type SmsTemplates,
  type TencentSmsConfig,
  tencentSmsConfig,
} from './config';
export {
  orderedParams,
  redactedDetail,
  SMS_KINDS,
  type SmsFailure,
  type SmsKind,
  type SmsMessage,
  type SmsParamsByKind,
  type SmsProvider,
  SmsSendError,
  TEMPLATE_VARIABLES,
} from './provider';
export { type OutboxEntry, SandboxSmsProvider } from './sandbox';
export { TencentSmsProvider, tencentFailure } from './tencent';

import { AliyunSmsProvider } from './aliyun';
import type { SmsSettings } from './config';
import type { SmsProvider } from './provider';
import { TencentSmsProvider } from './tencent';

/** The real provider of SMS_PROVIDER=aliyun or tencent, from its parsed settings. */
export function realSmsProvider(settings: SmsSettings): SmsProvider {
  return settings.provider === 'aliyun' ? new AliyunSmsProvider(settings) : new TencentSmsProvider(settings);
}
