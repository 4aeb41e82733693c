import { copy, expect, expectSignedInAs, registerViaApi, test, validationText } from './fixtures';

test('a session ended by the server sends the user to /login with the expiry message and the way back', async ({ page, request }) => {
  const { phone, token } = await registerViaApi(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
  await page.goto('/setting');
  await expectSignedInAs(page, phone);

  // The session is revoked elsewhere (another tab logged out); the next call answers code 408.
  const revoked = await request.post('/api/user/logout', { form: { Authorization: token } });
  expect(((await revoked.json()) as { code: number }).code).toBe(200);

  await page.goto('/setting?tab=password');
  await expect(page.getByText(copy.errors.sessionExpired)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsetting/);
  expect(await page.evaluate(() => [localStorage.getItem('Authorization'), sessionStorage.getItem('userInfo')])).toEqual([null, null]);
});

test('the extraction code is set on /setting and stays after a reload', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);
  await page.goto('/setting');
  const field = page.getByLabel(copy.setting.extractCode.label, { exact: true });
  await field.fill('');
  await page.getByRole('button', { name: copy.setting.extractCode.save }).click();
  await expect(page.getByText(validationText('required|extractCode'))).toBeVisible();

  await field.fill('x'.repeat(30));
  await field.press('End');
  await field.pressSequentially('y');
  await expect(field).toHaveValue('x'.repeat(30));

  await field.fill('case-2026');
  await page.getByRole('button', { name: copy.setting.extractCode.save }).click();
  await expect(page.getByText(copy.setting.extractCode.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('current-extract-code')).toContainText('case-2026');
});
