import { test } from './fixtures';

test.use({ locale: 'en-GB' });
for (const path of ['/home', '/login', '/clause', '/helpCenter']) {
  test(`shot ${path}`, async ({ page }, info) => {
    await page.goto(path);
    await page.getByTestId('language-switch').first().selectOption('en');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/work/shots/en/${path.slice(1)}-${info.project.name}.png`, fullPage: false });
  });
}
