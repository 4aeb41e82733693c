import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8123';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const api = await (await browser.newContext()).request;
async function post(url, form, headers = {}) { const r = await api.post(base + url, { form, headers }); return (await r.json()).data; }
const { captchaId } = await post('/api/Register/getImgCode');
const answer = (await (await api.get(`${base}/sandbox/captcha.json?captchaId=${captchaId}`)).json()).answer;
const phone = '137' + String(Date.now()).slice(-8);
await post('/api/Register/sendSMS', { phone, captchaId, captcha: answer });
const sms = (await (await api.get(`${base}/sandbox/sms.json?phone=${phone}`)).json()).list[0].text.match(/(\d{6})/)[1];
const { token } = await post('/api/Register', { phone, smsCode: sms, password: 'abc12345', confirmPassword: 'abc12345' });
const auth = { Authorization: `Bearer ${token}` };
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAF0lEQVR42mP8z8BQz0AEYBxVSF+FAP5FDvcfRYWgAAAAAElFTkSuQmCC', 'base64');
const rec = [];
for (const [name, buf] of [['现场照片.png', png], ['合同扫描件.pdf', Buffer.from('%PDF-1.4 test ' + Date.now())], ['录音.bin', Buffer.from('x'.repeat(5000))]]) {
  const r = await api.post(base + '/api/data/upload', { headers: auth, multipart: { label: '合同纠纷', file: { name, mimeType: 'application/octet-stream', buffer: buf } } });
  rec.push((await r.json()).data);
}
const img = rec[0];
const vt = (await (await api.get(`${base}/api/check/viewToken?no=${img.baoquan}`, { headers: auth })).json()).data.viewToken;
const pages = [
  ['data', '/attestation-all/data', true],
  ['app', '/attestation-all/app', true],
  ['batch', '/attestation-all/data/download', true],
  ['cert-owner', `/attestation/${img.baoquan}?fileUrl=${encodeURIComponent(img.path)}&fileType=%E5%9B%BE%E7%89%87&isDownload=1`, true],
  ['cert-visitor', `/attestation/${img.baoquan}`, false],
  ['explorer', `/explorer/${img.chainhash}`, false],
  ['query', '/queryAuthentication', false],
  ['mobile-cert', `/mobile/attestation/${img.baoquan}/${vt}`, false],
];
const detail = (await (await api.get(`${base}/api/check/mobileDetail?no=${img.baoquan}&viewToken=${encodeURIComponent(vt)}`)).json()).data;
pages.push(['mobile-preview', `/mobile/preview/${encodeURIComponent(detail.previewUrl)}/${encodeURIComponent('图片')}/${img.baoquan}`, false]);
pages.push(['mobile-progress', `/mobile/previewProgress/${encodeURIComponent(detail.previewUrl)}`, false]);
for (const [w, h] of [[1280, 800], [375, 812]]) {
  for (const [name, path, signed] of pages) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1, locale: 'zh-CN' });
    if (signed) await ctx.addInitScript((v) => localStorage.setItem('Authorization', v), token);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
    await page.goto(base + path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${name}-${w}.png`, fullPage: true });
    if (name === 'mobile-preview') {
      await page.getByRole('button', { name: '预览图片' }).click();
      const dialog = page.getByRole('dialog', { name: '预览图片' });
      await dialog.waitFor();
      console.log('dialog width', w, await dialog.evaluate((d) => d.getBoundingClientRect().width));
      await page.screenshot({ path: `/tmp/shots/${name}-dialog-${w}.png` });
    }
    await ctx.close();
  }
}
console.log(JSON.stringify({ token, img }));
await browser.close();
