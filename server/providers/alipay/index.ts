export {
  AlipayClient,
  AlipayError,
  type AlipayNotifyResult,
  type AlipayTrade,
  type AlipayTradeStatus,
  type PagePayRequest,
} from './client';
export { type AlipayConfig, AlipayConfigError, type AlipayEnv, alipayConfig, alipayFormTargets, DEFAULT_ALIPAY_GATEWAY } from './config';
export { AlipayGateway } from './gateway';
