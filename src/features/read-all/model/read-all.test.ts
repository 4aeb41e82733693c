import { allSettled, createStore, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { requestFx, type RequestConfig } from '@/shared/api';
import { type UserInfo } from '@contracts';
import { $user, userInfoRefreshRequested } from '@/entities/session';
import { readAllNewsFx } from '../api/read-all';
import { $hasUnread, allRead, readAllClicked } from './read-all';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

/** How often the header's user info (and so the bell count) was asked to refresh. */
const $refreshes = createStore(0).on(userInfoRefreshRequested, (n) => n + 1);
/** How often the lists were told that everything is read. */
const $allReadCount = createStore(0).on(allRead, (n) => n + 1);

const user = (newsNum: number): UserInfo => ({
  phone: '13900139000',
  userStatus: 1,
  status: 1,
  authType: 0,
  repairType: 0,
  points: 0,
  newsNum,
  contactPhone: '',
  company: '',
  contactName: '',
  language: null,
});

describe('read-all feature', () => {
  it('has something to read only while the session counts unread messages', () => {
    expect(fork({ values: [[$user, user(3)]] }).getState($hasUnread)).toBe(true);
    expect(fork({ values: [[$user, user(0)]] }).getState($hasUnread)).toBe(false);
    expect(fork({ values: [[$user, null]] }).getState($hasUnread)).toBe(false);
  });

  it('marks all read with newsId=all, then tells the lists and refreshes the header count', async () => {
    const calls: RequestConfig[] = [];
    // An attached effect's handler receives its source and the mapped parameters.
    const request = (_: unknown, { config }: { config: RequestConfig }) => {
      calls.push(config);
      return { unread: 0 };
    };
    const scope = fork({ values: [[$user, user(3)]], handlers: [[requestFx, request]] });
    await allSettled(readAllClicked, { scope });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/News/read', body: { newsId: 'all' } });
    expect(scope.getState($allReadCount)).toBe(1);
    expect(scope.getState($refreshes)).toBe(1);
  });

  it('tells nobody when the server refuses', async () => {
    const scope = fork({
      handlers: [
        [
          readAllNewsFx,
          () => {
            throw new Error('offline');
          },
        ],
      ],
    });
    await allSettled(readAllClicked, { scope });
    expect(scope.getState($allReadCount)).toBe(0);
    expect(scope.getState($refreshes)).toBe(0);
  });
});
