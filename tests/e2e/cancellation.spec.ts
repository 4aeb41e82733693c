import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, expect, registerViaApi, smsCode, test, userCall } from './fixtures';

/** Account cancellation, 注销账号 on /setting: blocked by an unpaid order, confirmed by SMS, pending, withdrawn. */
const copy = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', DEFAULT_LANGUAGE, 'accountCancellation.json'), 'utf8')) as {
  title: string;
  blockedTitle: string;
  obligation: { order: string; open: string };
  sendCode: string;
  resendIn: string;
  smsCode: string;
  confirm: string;
  confirmTitle: string;
  confirmText: string;
  keep: string;
  pendingTitle: string;
  withdraw: string;
  effects: { points: string };
};

test('account cancellation: an unpaid order blocks it, an SMS code confirms it, withdrawn in the cooling-off', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { token, phone } = await registerViaApi(request);
  const api = { request, token, phone };
  const { order_no } = await userCall<{ order_no: string }>(api, '/api/alipay/doPay', { type: '2', integral: '100' });
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);

  await page.goto('/setting');
  const card = page.getByTestId('cancellation');
  await expect(card.getByRole('heading', { name: copy.title })).toBeVisible();
  await expect(card).toContainText(copy.effects.points);
  const blocked = card.getByTestId('cancellation-blocked');
  await expect(blocked).toContainText(copy.blockedTitle);
  await expect(blocked).toContainText(copy.obligation.order.replace('{{ref}}', order_no));
  await expect(blocked.getByRole('link', { name: copy.obligation.open })).toBeVisible();
  await expect(card.getByRole('button', { name: copy.confirm })).toHaveCount(0);
  await blocked.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('cancellation-blocked.png'), fullPage: true });

  // The order withdrawn, the confirmation form appears.
  await userCall(api, '/api/alipay/cancelPay', { order_no });
  await page.reload();
  await expect(card.getByTestId('cancellation-blocked')).toHaveCount(0);
  const confirm = card.getByRole('button', { name: copy.confirm });
  await expect(confirm).toBeDisabled();
  await card.getByRole('button', { name: copy.sendCode }).click();
  // The button counts down the server's wait before another code (the spec's 60 s).
  const [before, after] = copy.resendIn.split('{{seconds}}');
  await expect(card.getByRole('button', { name: new RegExp(`^${before}\\d+${after}$`) })).toBeDisabled();
  await expect(card.getByRole('button', { name: copy.sendCode })).toHaveCount(0);
  const code = await smsCode(request, phone);
  await card.getByLabel(copy.smsCode).fill(code);
  await expect(confirm).toBeEnabled();
  // A dialog says what is lost once the cooling-off ends; dismissed, nothing is applied.
  await confirm.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(copy.confirmTitle);
  await expect(dialog).toContainText(copy.confirmText);
  await page.screenshot({ path: testInfo.outputPath('cancellation-dialog.png') });
  await dialog.getByRole('button', { name: copy.keep }).click();
  await expect(dialog).toHaveCount(0);
  expect((await userCall<{ state: string }>(api, '/api/user/cancellation/status')).state).toBe('none');
  await confirm.click();
  await page.getByRole('dialog').getByRole('button', { name: copy.confirm }).click();

  const pending = page.getByTestId('cancellation-pending');
  await expect(pending.getByRole('heading', { name: copy.pendingTitle })).toBeVisible();
  await pending.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('cancellation-pending.png'), fullPage: true });

  // Still pending on the next visit (the cooling-off keeps the account usable), then withdrawn.
  await page.reload();
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: copy.withdraw }).click();
  await expect(page.getByTestId('cancellation-pending')).toHaveCount(0);
  await expect(page.getByTestId('cancellation').getByRole('button', { name: copy.confirm })).toBeVisible();
  expect((await userCall<{ state: string }>(api, '/api/user/cancellation/status')).state).toBe('none');
});
