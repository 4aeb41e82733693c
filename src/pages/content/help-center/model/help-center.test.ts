import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { parseHelpTopics } from '../lib/help-topics';
import { $query, $resultCount, $results, $searching, $topics, HelpCenterGate, queryChanged, queryCleared } from './help-center';
import { DEFAULT_LANGUAGE } from '@/shared/config';

describe('help centre model', () => {
  it('filters the topics as the visitor types, and clears', async () => {
    const topics = parseHelpTopics({
      [`/locales/${DEFAULT_LANGUAGE}/content/help/01-a.md`]: '# 账户\n\n## 如何注册？\n\n填写手机号。\n\n## 忘记密码？\n\n短信找回。',
      [`/locales/${DEFAULT_LANGUAGE}/content/help/02-b.md`]: '# 发票\n\n## 能开专票吗？\n\n可以。',
    });
    const scope = fork({ values: [[$topics, topics]] });
    expect(scope.getState($results)).toBe(topics);
    expect(scope.getState($searching)).toBe(false);

    await allSettled(queryChanged, { scope, params: '专票' });
    expect(scope.getState($searching)).toBe(true);
    expect(scope.getState($resultCount)).toBe(1);
    expect(scope.getState($results).map((topic) => topic.id)).toEqual(['b']);

    await allSettled(queryChanged, { scope, params: '没有这个问题' });
    expect(scope.getState($results)).toEqual([]);

    await allSettled(queryCleared, { scope });
    expect(scope.getState($query)).toBe('');
    expect(scope.getState($resultCount)).toBe(3);
  });

  it('forgets the search when the page is left', async () => {
    const scope = fork();
    await allSettled(HelpCenterGate.open, { scope, params: {} });
    await allSettled(queryChanged, { scope, params: '发票' });
    await allSettled(HelpCenterGate.close, { scope, params: {} });
    expect(scope.getState($query)).toBe('');
    // The real help files are part of the page: something to browse.
    expect(scope.getState($resultCount)).toBeGreaterThan(20);
  });
});
