import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readZip } from '../../proof/package/index';
import { DEFAULT_LANGUAGE, expect, registerViaApi, test } from './fixtures';

/** A copy of one's personal data, 下载个人信息副本 on /setting: start, progress, the notification, the download. */
const pd = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', DEFAULT_LANGUAGE, 'personal-data.json'), 'utf8')) as {
  readyNotice: string;
  zipName: string;
  page: { title: string; intro: string; start: string; again: string; expiresAt: string };
};

test('a copy of my personal data: start it on /setting, watch the progress, get the notice, download the zip', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { token, phone } = await registerViaApi(request);
  const address = await request.post('/api/User/addAddress', {
    headers: { Authorization: `Bearer ${token}` },
    form: {
      name: '张三',
      province: '110000',
      city: '110100',
      area: '110101',
      address: '长安街1号',
      phoneNumber: '13800138000',
      email: 'zhang@example.com',
    },
  });
  expect(((await address.json()) as { code: number }).code).toBe(200);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('Authorization')) localStorage.setItem('Authorization', value);
  }, token);

  await page.goto('/setting');
  const card = page.getByTestId('personal-data');
  await expect(card.getByRole('heading', { name: pd.page.title })).toBeVisible();
  await expect(card).toContainText(pd.page.intro.slice(0, 20));
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('setting-personal-data.png'), fullPage: true });

  await card.getByRole('button', { name: pd.page.start }).click();
  // The start answers "queued": the progress shows until the polling reads the finished copy.
  await expect(page.getByTestId('personal-data-progress')).toBeVisible();
  await expect(page.getByTestId('personal-data-progress').locator('progress')).toBeVisible();
  const link = page.getByTestId('personal-data-download');
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('personal-data-progress')).toHaveCount(0);
  await expect(card).toContainText(pd.page.expiresAt.split('{{')[0]!);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('setting-personal-data-ready.png'), fullPage: true });

  // The notification links to the section of /setting.
  await page.goto('/notifications');
  const notice = page.getByTestId('news-row').filter({ hasText: pd.readyNotice.split('{{')[0]!.slice(0, 12) });
  await expect(notice).toHaveCount(1);
  await expect(notice.getByRole('link')).toHaveAttribute('href', '/setting#personal-data');
  await notice.getByRole('link').click();
  await expect(page).toHaveURL(/\/setting#personal-data$/);

  // The copy downloads only in this session: the click asks for a one-time link (with the session's token) and
  // follows it; that link does not work a second time, and the status call carries no link at all.
  const downloading = page.waitForEvent('download');
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/personalData/downloadLink'));
  await page.getByTestId('personal-data-download').click();
  const oneTime = ((await (await asked).json()) as { data: { url: string } }).data.url;
  const download = await downloading;
  const spent = await request.get(oneTime);
  expect(spent.status()).toBe(404);
  const statusAnswer = await request.post('/api/personalData/status', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(((await statusAnswer.json()) as { data: { export: Record<string, unknown> } }).data.export).not.toHaveProperty('link');
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  expect(download.suggestedFilename().startsWith(pd.zipName.split('{{')[0]!)).toBe(true);
  const path = testInfo.outputPath('copy.zip');
  await download.saveAs(path);
  const entries = await readZip(new Uint8Array(await readFile(path)));
  const names = entries.map((e) => e.name);
  expect(names).toEqual(expect.arrayContaining(['README.md', 'profile.json', 'profile.csv', 'addresses.csv', 'evidence.json']));
  const profile = JSON.parse(new TextDecoder().decode(entries.find((e) => e.name === 'profile.json')!.bytes)) as { phone: string }[];
  expect(profile[0]!.phone).toBe(phone);
  const addresses = new TextDecoder().decode(entries.find((e) => e.name === 'addresses.csv')!.bytes);
  expect(addresses).toContain('"长安街1号"');

  // Started again while nothing runs: a new copy; the page offers the start again only once it is done.
  await expect(page.getByRole('button', { name: pd.page.again })).toBeVisible();
});
