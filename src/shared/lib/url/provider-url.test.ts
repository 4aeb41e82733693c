import { describe, expect, it } from 'vitest';
import { allowedProviderUrl, type ProviderUrlRule } from './provider-url';

const ORIGIN = 'https://our.site';
const face: ProviderUrlRule[] = [
  { kind: 'https', host: '*.alipay.com' },
  { kind: 'same-origin', path: '/sandbox/face' },
];
const wechat: ProviderUrlRule[] = [
  { kind: 'app-link', prefix: 'weixin://wxpay/bizpayurl?' },
  { kind: 'same-origin', path: '/sandbox/wechat/scan' },
];

describe('allowedProviderUrl', () => {
  it.each([
    ['/sandbox/face?certify_id=abc', 'https://our.site/sandbox/face?certify_id=abc'],
    ['https://our.site/sandbox/face?certify_id=abc', 'https://our.site/sandbox/face?certify_id=abc'],
    ['https://OUR.site/sandbox/face?certify_id=abc', 'https://our.site/sandbox/face?certify_id=abc'],
    ['/sandbox/x/../face?certify_id=abc', 'https://our.site/sandbox/face?certify_id=abc'],
    ['https://openapi.alipay.com/gateway.do?certify_id=1&sign=x', 'https://openapi.alipay.com/gateway.do?certify_id=1&sign=x'],
    ['https://a.b.alipay.com/x', 'https://a.b.alipay.com/x'],
  ])('accepts the face page %s', (raw, expected) => {
    expect(allowedProviderUrl(raw, face, ORIGIN)).toBe(expected);
  });

  it.each([
    ['https://evil.example/sandbox/face?certify_id=abc'],
    ['//evil.example/sandbox/face'],
    ['/.//evil.example/sandbox/face'],
    ['https://alipay.com/x'],
    ['https://evilalipay.com/x'],
    ['https://alipay.com.evil.example/x'],
    ['https://openapi.alipay.com.evil.example/x'],
    ['https://openapi.alipay.com:8443/x'],
    ['http://openapi.alipay.com/x'],
    ['https://openapi.alipay.com@evil.example/x'],
    ['https://user:pass@openapi.alipay.com/x'],
    ['https:\\\\openapi.alipay.com/x'],
    ['https://openapi.alipay.com\\@evil.example/'],
    ['/sandbox/face/../../evil'],
    ['/sandbox/facex'],
    ['/sandbox/face/extra'],
    ['/sandbox%2fface?certify_id=a'],
    ['/sandbox/%2e%2e/face'],
    ['/%5csandbox/face'],
    ['/sandbox/face\t?x'],
    ['/sandbox/fa\nce?x'],
    ['http://our.site/sandbox/face'],
    ['data:text/html,<script>alert(1)</script>'],
    ['javascript:alert(1)'],
    ['weixin://wxpay/bizpayurl?pr=abc'],
    [''],
    [null],
  ])('refuses %j as a face page', (raw) => {
    expect(allowedProviderUrl(raw, face, ORIGIN)).toBeNull();
  });

  it.each([
    ['weixin://wxpay/bizpayurl?pr=AbC123', 'weixin://wxpay/bizpayurl?pr=AbC123'],
    ['WEIXIN://wxpay/bizpayurl?pr=x1', 'weixin://wxpay/bizpayurl?pr=x1'],
    ['https://our.site/sandbox/wechat/scan?pr=r-_1', 'https://our.site/sandbox/wechat/scan?pr=r-_1'],
  ])('accepts the WeChat payment link %s', (raw, expected) => {
    expect(allowedProviderUrl(raw, wechat, ORIGIN)).toBe(expected);
  });

  it.each([
    ['weixin://wxpay/bizpayurl'],
    ['weixin://wxpay/bizpayurl?pr=a"><script>'],
    ['weixin://wxpay/bizpayurl?pr=a/../../x'],
    ['weixin://wxpay/bizpayurl?pr=a#x'],
    ['weixin://dl/business/?t=x'],
    ['weixin://evil.example/bizpayurl?pr=a'],
    ['https://evil.example/sandbox/wechat/scan?pr=a'],
    ['https://wx.tenpay.com/x'],
    ['data:image/png;base64,AAAA'],
    ['javascript:alert(1)//weixin://wxpay/bizpayurl?pr=a'],
  ])('refuses %j as a WeChat payment link', (raw) => {
    expect(allowedProviderUrl(raw, wechat, ORIGIN)).toBeNull();
  });

  it('accepts nothing when there is no rule', () => {
    expect(allowedProviderUrl('/sandbox/face?certify_id=abc', [], ORIGIN)).toBeNull();
  });
});
