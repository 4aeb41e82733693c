import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsListing } from '../../../contracts/index';
import { createTestApp, type TestApp } from '../../test-support/create-test-app';
import { register } from '../../test-support/flows';
import { notifyLiteral } from './service';
import { copyText } from '../../test-support/copy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

const userIdOf = async (phone: string) =>
  (await t.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
const listing = (token: string, page = '1') => t.post<NewsListing>('/api/News/listing', { page }, token);
const unreadOf = async (token: string) => (await t.post<{ newsNum: number }>('/api/user/getUserInfo', {}, token)).body.data.newsNum;
const countRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A registered user with `extra` notifications on top of the welcome one. */
async function userWith(phone: string, extra: number) {
  const session = await register(t, phone);
  const userId = await userIdOf(phone);
  for (let i = 1; i <= extra; i += 1) {
    t.clock.advance(1000);
    await notifyLiteral(t, userId, `消息 ${i}`, null);
  }
  return { ...session, userId };
}

describe('notifications (spec sections 3, 4, 7, 9)', () => {
  it('registration leaves a welcome notification; notify() adds one for the bell', async () => {
    const { token, userId } = await userWith('13700137001', 0);
    const first = await listing(token);
    expect(first.body.code).toBe(200);
    expect(first.body.data.count).toBe(1);
    expect(first.body.data.list[0]).toMatchObject({ isRead: '0', addTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(first.body.data.list[0]!.str).toContain('欢迎');
    await notifyLiteral(t, userId, '您的订单已支付成功', null);
    expect(await unreadOf(token)).toBe(2);
  });

  it('lists 10 per page, newest first, with the total count', async () => {
    const { token } = await userWith('13700137002', 11);
    const page1 = await listing(token, '1');
    expect(page1.body.data.count).toBe(12);
    expect(page1.body.data.list).toHaveLength(10);
    expect(page1.body.data.list[0]!.str).toBe('消息 11');
    const page2 = await listing(token, '2');
    expect(page2.body.data.list.map((n) => n.str)).toEqual(['消息 1', expect.stringContaining('欢迎')]);
    expect((await listing(token, '3')).body.data.list).toEqual([]);
    expect((await listing(token, '0')).status).toBe(400);
    expect((await listing(token, 'x')).status).toBe(400);
  });

  it('marks one, several, or all read; the unread count follows', async () => {
    const { token } = await userWith('13700137003', 3);
    const ids = (await listing(token)).body.data.list.map((n) => n.newsId);
    const one = await t.post<{ unread: number }>('/api/News/read', { newsId: String(ids[0]) }, token);
    expect(one.body).toMatchObject({ code: 200, data: { unread: 3 } });
    expect((await listing(token)).body.data.list[0]!.isRead).toBe('1');
    const two = await t.post<{ unread: number }>('/api/News/read', { newsId: `${ids[1]},${ids[2]}` }, token);
    expect(two.body.data.unread).toBe(1);
    const all = await t.post<{ unread: number }>('/api/News/read', { newsId: 'all' }, token);
    expect(all.body.data.unread).toBe(0);
    expect(await unreadOf(token)).toBe(0);
    expect((await listing(token)).body.data.list.every((n) => n.isRead === '1')).toBe(true);
  });

  it('deletes by selection; bad input deletes nothing', async () => {
    const { token } = await userWith('13700137004', 2);
    const ids = (await listing(token)).body.data.list.map((n) => n.newsId);
    for (const newsId of ['', 'all', '1,,2', 'abc', `${ids[0]};${ids[1]}`]) {
      const refused = await t.post('/api/News/del', { newsId }, token);
      expect(refused.status, newsId).toBe(400);
      expect(refused.body.msg).toBe(copyText('validation:newsIdsRequired'));
    }
    expect(await countRows()).toBe(3);
    const deleted = await t.post<{ unread: number }>('/api/News/del', { newsId: `${ids[0]},${ids[1]}` }, token);
    expect(deleted.body).toMatchObject({ code: 200, msg: copyText('server:deleted'), data: { unread: 1 } });
    expect((await listing(token)).body.data.count).toBe(1);
  });

  it("answers another user's ids like missing ones (404) and changes nothing, not even the caller's own", async () => {
    const alice = await userWith('13700137005', 1);
    const bob = await userWith('13700137006', 1);
    const aliceIds = (await listing(alice.token)).body.data.list.map((n) => n.newsId);
    const bobIds = (await listing(bob.token)).body.data.list.map((n) => n.newsId);
    const read = await t.post('/api/News/read', { newsId: `${bobIds[0]},${aliceIds[0]}` }, alice.token);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe(404);
    const missing = await t.post('/api/News/read', { newsId: '999999' }, alice.token);
    expect(missing.body).toEqual(read.body);
    expect((await t.post('/api/News/del', { newsId: String(bobIds[0]) }, alice.token)).body.code).toBe(404);
    expect(await unreadOf(alice.token)).toBe(2);
    expect(await unreadOf(bob.token)).toBe(2);
    expect(await countRows()).toBe(4);
    // read-all touches only the caller's notifications
    await t.post('/api/News/read', { newsId: 'all' }, alice.token);
    expect(await unreadOf(bob.token)).toBe(2);
  });

  it('needs a session (code 408)', async () => {
    for (const url of ['/api/News/listing', '/api/News/read', '/api/News/del']) {
      const reply = await t.post(url, { page: '1', newsId: '1' });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe(408);
    }
  });

  it('keeps a subject with a notification and answers it in the list (null when it names nothing)', async () => {
    const { token, userId } = await userWith('13700137008', 0);
    await notifyLiteral(t, userId, '发票已开具', { kind: 'invoice', ref: '42' });
    const list = (await listing(token)).body.data.list;
    expect(list.map((n) => n.subject)).toEqual([{ kind: 'invoice', ref: '42' }, null]);
    expect(
      (await t.post('/sandbox/notify', { phone: '13700137008', text: '公证', subjectKind: 'notary', subjectRef: '7' })).body.code,
    ).toBe(200);
    expect((await listing(token)).body.data.list[0]!.subject).toEqual({ kind: 'notary', ref: '7' });
    // A database refuses a kind without a reference.
    await expect(
      t.db
        .insertInto('notifications')
        .values({ user_id: userId, content: 'x', created_at: t.clock.now(), subject_kind: 'order' })
        .execute(),
    ).rejects.toThrow();
  });

  it('sandbox: /sandbox/notify leaves a message for a phone', async () => {
    const { token } = await userWith('13700137007', 0);
    expect((await t.post('/sandbox/notify', { phone: '13700137007', text: '测试消息' })).body.code).toBe(200);
    expect((await listing(token)).body.data.list[0]!.str).toBe('测试消息');
    expect((await t.post('/sandbox/notify', { phone: '13700137999', text: 'x' })).body.code).toBe(404);
  });
});
