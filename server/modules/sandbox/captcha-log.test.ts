import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { SandboxCaptchaLog } from './captcha-log';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('sandbox captcha answers (browser tests cannot read an image)', () => {
  it('tells the answer of an issued captcha, and it passes the check', async () => {
    const issued = await t.post<{ captchaId: string }>('/api/Register/getImgCode');
    const peek = await t.app.inject({ method: 'GET', url: `/sandbox/captcha.json?captchaId=${issued.body.data.captchaId}` });
    expect(peek.statusCode).toBe(200);
    const { answer } = peek.json<{ answer: string }>();
    expect(answer).toMatch(/^[A-Z0-9]{4}$/);
    const sent = await t.post('/api/Register/sendSMS', { phone: '13700137000', captchaId: issued.body.data.captchaId, captcha: answer });
    expect(sent.body.code).toBe(200);
  });

  it('answers 404 for an unknown captcha', async () => {
    const peek = await t.app.inject({ method: 'GET', url: '/sandbox/captcha.json?captchaId=nope' });
    expect(peek.statusCode).toBe(404);
  });

  it('forgets the oldest answers beyond its bound', () => {
    const log = new SandboxCaptchaLog();
    for (let i = 0; i < 501; i += 1) log.remember(`id-${i}`, 'ABCD');
    expect(log.answerOf('id-0')).toBeUndefined();
    expect(log.answerOf('id-500')).toBe('ABCD');
  });
});
