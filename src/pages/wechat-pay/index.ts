export { WeChatPayPage } from './ui/wechat-pay-page';
