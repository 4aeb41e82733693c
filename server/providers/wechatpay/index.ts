export { DEFAULT_WECHATPAY_BASE_URL, type WechatPayConfig, WechatPayConfigError, type WechatPayEnv, wechatPayConfig } from './config';
export {
  type HeaderBag,
  type NativePrepayRequest,
  type NotifiedTransaction,
  type NotifyRefusal,
  type NotifyResult,
  type SignatureRefusal,
  TRADE_STATES,
  type TradeState,
  WechatPayClient,
  type WechatPayClientOptions,
  WechatPayError,
  type WechatPayTransaction,
} from './client';
export { WechatPayGateway } from './gateway';
