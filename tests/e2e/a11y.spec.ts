import AxeBuilder from '@axe-core/playwright';
import { expect, registerViaApi, test } from './fixtures';

/** Main pages pass axe-core with no serious or critical violation, at both widths. */
const PUBLIC = ['/login', '/login?type=sms', '/register', '/forgetpwd', '/home', '/404'];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const path of PUBLIC) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('/setting (signed in) has no serious accessibility violation', async ({ page, request }) => {
  const { token } = await registerViaApi(request);
  await page.addInitScript((value) => localStorage.setItem('Authorization', value), token);
  await page.goto('/setting');
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});
