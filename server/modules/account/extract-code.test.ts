import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { copyText, validationText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

describe('extraction code (spec section 5: required, at most 30 characters)', () => {
  it('starts empty, is set by its owner, and belongs to that owner only', async () => {
    const alice = await register(t, '13600136001');
    const bob = await register(t, '13600136002');
    expect((await t.post('/api/user/getExtractCode', {}, alice.token)).body).toMatchObject({ code: 200, data: { extractCode: '' } });

    const set = await t.post('/api/user/setExtractCode', { extractCode: '  share-2026  ' }, alice.token);
    expect(set.body).toEqual({ code: 200, msg: copyText('server:updated'), data: null });
    expect((await t.post('/api/user/getExtractCode', {}, alice.token)).body.data).toEqual({ extractCode: 'share-2026' });
    expect((await t.post('/api/user/getExtractCode', {}, bob.token)).body.data).toEqual({ extractCode: '' });
  });

  it('refuses an empty or too long code and keeps the old one', async () => {
    const alice = await register(t, '13600136003');
    await t.post('/api/user/setExtractCode', { extractCode: 'keep-me' }, alice.token);
    const empty = await t.post('/api/user/setExtractCode', { extractCode: '   ' }, alice.token);
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe(validationText('required|extractCode'));
    const long = await t.post('/api/user/setExtractCode', { extractCode: 'x'.repeat(31) }, alice.token);
    expect(long.body.msg).toBe(copyText('validation:extractCodeMax'));
    const exactly30 = await t.post('/api/user/setExtractCode', { extractCode: 'y'.repeat(30) }, alice.token);
    expect(exactly30.body.code).toBe(200);
    expect((await t.post('/api/user/getExtractCode', {}, alice.token)).body.data).toEqual({ extractCode: 'y'.repeat(30) });
  });

  it('needs a session (code 408), checked before the input', async () => {
    const reply = await t.post('/api/user/setExtractCode', { extractCode: '' });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe(408);
  });
});
