import type { APIRequestContext, Page } from '@playwright/test';
import { type CaptchaWatcher, copy, expect, locale, PASSWORD, registerViaApi, test } from './fixtures';

/** A redirect-like query value never leads off the site; links and QR codes only to the providers. */
const orders = locale('orders');
const kyc = locale('kyc');
const notary = locale('notary');
const { auth } = copy;
const SITE = /^http:\/\/127\.0\.0\.1:\d+\//;

async function signInOnPage(page: Page, request: APIRequestContext, captcha: CaptchaWatcher, redirect: string) {
  const { phone } = await registerViaApi(request);
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel(auth.field.phone).fill(phone);
  await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
  await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
}

test('signing in with redirect=/.//evil.example lands on a page of this site, not on /login', async ({ page, request, captcha }) => {
  await signInOnPage(page, request, captcha, '/.//evil.example');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
  await expect(page.getByRole('button', { name: auth.login.submit, exact: true })).toHaveCount(0);
});

test('the notary detail back link with a hostile goBackUrl points inside the site', async ({ page, request, captcha }) => {
  for (const [i, goBackUrl] of ['/.//evil.example', '/%2e%2e//evil.example', '/\\evil.example', 'javascript:alert(1)'].entries()) {
    const detail = `/notary/detail?orderId=999999&type=1&goBackUrl=${encodeURIComponent(goBackUrl)}`;
    if (i === 0) await signInOnPage(page, request, captcha, detail);
    else await page.goto(detail);
    await expect(page).toHaveURL(/\/notary\/detail\?/);
    const back = page.getByRole('link', { name: notary.detail.back });
    await expect(back).toHaveAttribute('href', '/notary');
    await back.click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/notary$/);
  }
  // A same-site goBackUrl still works (/orders pushes it).
  await page.goto(`/notary/detail?orderId=999999&type=1&goBackUrl=${encodeURIComponent('/orders')}`);
  await expect(page.getByRole('link', { name: notary.detail.back })).toHaveAttribute('href', '/orders');
});

test('the public WeChat Pay page shows no QR code for a link that is not a WeChat payment link', async ({ page }) => {
  for (const url of [
    'https://evil.example/pay',
    'data:text/html,<h1>x</h1>',
    'javascript:alert(1)',
    '//evil.example/sandbox/wechat/scan?pr=x',
  ]) {
    await page.goto(`/weChat/R2026000001?url=${encodeURIComponent(url)}&money=30`);
    await expect(page.getByTestId('wechat-url-refused')).toHaveText(orders.wechat.badUrl);
    await expect(page.getByTestId('wechat-money')).toHaveText('¥30.00');
    await expect(page.getByRole('img', { name: orders.wechat.qrLabel })).toHaveCount(0);
    await expect(page.getByTestId('wechat-open-url')).toHaveCount(0);
    // Public: nobody is signed in, so the page says where to look instead of asking about the order.
    await expect(page.getByTestId('wechat-check-orders')).toHaveText(orders.wechat.signInToCheck);
    await expect(page).toHaveURL(SITE);
  }
  // WeChat's own payment link is shown as a QR code, without a link to open.
  await page.goto(`/weChat/R2026000001?url=${encodeURIComponent('weixin://wxpay/bizpayurl?pr=AbC123')}&money=30`);
  await expect(page.getByRole('img', { name: orders.wechat.qrLabel })).toBeVisible();
  await expect(page.getByTestId('wechat-url-refused')).toHaveCount(0);
  await expect(page.getByTestId('wechat-open-url')).toHaveCount(0);
});

test('the face verification page shows no QR code and no link for another site or a data: URL', async ({ page, request, captcha }) => {
  const hostile = ['https://evil.example/face', 'data:text/html,<h1>x</h1>', '/.//evil.example/sandbox/face'];
  for (const [i, url] of hostile.entries()) {
    const face = `/personage-face-kyc?url=${encodeURIComponent(url)}&certify_id=x`;
    if (i === 0) await signInOnPage(page, request, captcha, face);
    else await page.goto(face);
    await expect(page.getByTestId('face-url-refused')).toHaveText(kyc.face.badUrl);
    await expect(page.getByRole('img', { name: kyc.face.qrLabel })).toHaveCount(0);
    await expect(page.getByRole('link', { name: kyc.face.openLink })).toHaveCount(0);
  }
  await page.goto(`/personage-face-kyc?url=${encodeURIComponent('/sandbox/face?certify_id=x')}&certify_id=x`);
  await expect(page.getByRole('img', { name: kyc.face.qrLabel })).toBeVisible();
  await expect(page.getByRole('link', { name: kyc.face.openLink })).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/sandbox\/face\?certify_id=x$/,
  );
});
