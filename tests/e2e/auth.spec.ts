import { copy, expect, expectSignedInAs, freshPhone, logOut, PASSWORD, registerViaApi, smsCode, test, text } from './fixtures';

const { auth, validation, common } = copy;

test.describe('sign-up, sign-in and sign-out', () => {
  test('registers with the code from the sandbox outbox, logs out, logs in by password and by SMS code', async ({
    page,
    request,
    captcha,
  }) => {
    const phone = freshPhone();
    await page.goto('/register');
    await page.getByLabel(auth.field.phone).fill(phone);
    await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
    await page.getByRole('button', { name: auth.code.send }).click();
    await expect(page.getByRole('button', { name: new RegExp(text('auth:code.resend', { seconds: '\\d+' })) })).toBeDisabled();
    await page.getByLabel(auth.field.smsCode).fill(await smsCode(request, phone));
    await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth.field.confirmPassword).fill(PASSWORD);
    await page.getByText(auth.register.agree).click();
    await expect(page.getByRole('checkbox')).toBeChecked();
    await page.getByRole('button', { name: auth.register.submit, exact: true }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expectSignedInAs(page, phone, '0.00');
    // Unverified: the header invites the user to verify.
    await expect(page.getByText(common.verification.banner.goVerify)).toBeVisible();

    await logOut(page);

    await page.goto('/login');
    await page.getByLabel(auth.field.phone).fill(phone);
    await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expectSignedInAs(page, phone);

    await logOut(page);

    await page.goto('/login');
    await page.getByRole('tab', { name: auth.login.smsTab }).click();
    const smsPanel = page.getByRole('tabpanel');
    await smsPanel.getByLabel(auth.field.phone).fill(phone);
    await smsPanel.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
    await smsPanel.getByRole('button', { name: auth.code.send }).click();
    await smsPanel.getByLabel(auth.field.smsCode).fill(await smsCode(request, phone));
    await smsPanel.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expectSignedInAs(page, phone);
  });

  test('an anonymous visit to a guarded route with a query string returns there after login', async ({ page, request, captcha }) => {
    const { phone } = await registerViaApi(request);
    await page.goto('/setting?tab=password&from=mail');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsetting%3Ftab%3Dpassword%26from%3Dmail$/);

    await page.getByLabel(auth.field.phone).fill(phone);
    await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();

    await expect(page).toHaveURL(/\/setting\?tab=password&from=mail$/);
    await expect(page.getByRole('heading', { name: copy.setting.password.title })).toBeVisible();
  });

  test('a hostile redirect target lands on /home', async ({ page, request, captcha }) => {
    const { phone } = await registerViaApi(request);
    await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByLabel(auth.field.phone).fill(phone);
    await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/home$/);
  });

  test('a wrong captcha and a wrong SMS code show the spec messages', async ({ page, request, captcha }) => {
    const { phone } = await registerViaApi(request);
    await page.goto('/login');
    await page.getByLabel(auth.field.phone).fill(phone);
    await page.getByLabel(auth.field.password, { exact: true }).fill(PASSWORD);
    const right = await captcha.answer(request);
    // Four valid characters, but not the ones in the picture.
    await page.getByLabel(auth.field.captcha).fill(right === 'ABCD' ? 'ABCE' : 'ABCD');
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expect(page.getByText(validation.captchaWrong).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('tab', { name: auth.login.smsTab }).click();
    const smsPanel = page.getByRole('tabpanel');
    await smsPanel.getByLabel(auth.field.phone).fill(phone);
    await smsPanel.getByLabel(auth.field.captcha).fill(await captcha.answer(request));
    await smsPanel.getByRole('button', { name: auth.code.send }).click();
    const real = await smsCode(request, phone);
    await smsPanel.getByLabel(auth.field.smsCode).fill(real === '000000' ? '111111' : '000000');
    await smsPanel.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expect(page.getByText(validation.smsWrong).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('client-side rules refuse bad input before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(auth.field.phone).fill('12345');
    await page.getByRole('button', { name: auth.login.submit, exact: true }).click();
    await expect(page.getByText(validation.phoneInvalid)).toBeVisible();
    await expect(page.getByText(validation.captchaEmpty)).toBeVisible();
  });
});

test('an unknown path shows the error page with a way home', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: common.notFound.title })).toBeVisible();
  await page.getByRole('button', { name: common.notFound.back }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('/ goes to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});
