/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpSources } from '../api/help-sources';
import { parseHelpTopics, questionCount, queryTerms, searchHelp } from './help-topics';
import { DEFAULT_LANGUAGE } from '@/shared/config';

const helpDir = join(import.meta.dirname, `../../../../../locales/${DEFAULT_LANGUAGE}/content/help`);
const key = (name: string) => `/locales/${DEFAULT_LANGUAGE}/content/help/${name}`;

const fixture = {
  [key('02-billing.md')]: '# 发票\n\n## 能开专票吗？\n\n可以，需要填写**开户银行**。\n',
  [key('01-account.md')]:
    '# 账户\n\n先读这段介绍。\n\n## 如何注册？\n\n打开[注册页](/register)。\n\n- 填手机号\n- 填验证码\n\n## 忘记密码？\n\n用短信找回。\n',
  [key('draft.md')]: '## 没有主题标题的问题\n\n不会显示。\n',
  [key('03-empty.md')]: '# 只有标题\n',
};

describe('help topics from Markdown files', () => {
  it('reads topics (# ), questions (## ) and answers, ordered by the file number', () => {
    const topics = parseHelpTopics(fixture);
    expect(topics.map((topic) => [topic.id, topic.title, topic.questions.map((q) => q.question)])).toEqual([
      ['account', '账户', ['如何注册？', '忘记密码？']],
      ['billing', '发票', ['能开专票吗？']],
    ]);
    const [account] = topics;
    expect(account!.intro).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: '先读这段介绍。' }] }]);
    expect(account!.questions[0]!.id).toBe('account-1');
    expect(account!.questions[0]!.answer.map((block) => block.type)).toEqual(['paragraph', 'list']);
    expect(account!.questions[0]!.text).toBe('如何注册？\n打开注册页。\n填手机号\n填验证码');
  });

  it('picks up a question added to a file, with no change to code', () => {
    const before = parseHelpTopics(helpSources);
    const [file, source] = Object.entries(helpSources)[0]!;
    const after = parseHelpTopics({ ...helpSources, [file]: `${source}\n## 新增的问题：能否批量核验？\n\n可以，逐个拖入文件即可。\n` });
    expect(questionCount(after)).toBe(questionCount(before) + 1);
    expect(searchHelp(after, '批量核验').flatMap((topic) => topic.questions.map((q) => q.question))).toEqual([
      '新增的问题：能否批量核验？',
    ]);
  });

  it('reads every help file on disk exactly (a new file is a new topic)', () => {
    const onDisk = readdirSync(helpDir).filter((name) => name.endsWith('.md'));
    expect(Object.keys(helpSources).sort()).toEqual(onDisk.map(key).sort());
    for (const name of onDisk) expect(helpSources[key(name)], name).toBe(readFileSync(join(helpDir, name), 'utf8'));
    const topics = parseHelpTopics(helpSources);
    expect(topics).toHaveLength(onDisk.length);
    for (const topic of topics) expect(topic.questions.length, topic.id).toBeGreaterThan(0);
  });
});

describe('help search', () => {
  const topics = parseHelpTopics(fixture);

  it('keeps questions whose question or answer holds every word, case-insensitively', () => {
    expect(searchHelp(topics, '专票').map((topic) => topic.id)).toEqual(['billing']);
    expect(searchHelp(topics, '短信  找回').flatMap((topic) => topic.questions.map((q) => q.id))).toEqual(['account-2']);
    expect(searchHelp(topics, '注册，手机号').flatMap((topic) => topic.questions.map((q) => q.id))).toEqual(['account-1']);
    expect(searchHelp(parseHelpTopics({ [key('01-a.md')]: '# A\n\n## SHA-256 是什么？\n\n指纹。' }), 'sha').length).toBe(1);
  });

  it('matches a topic title too, and finds nothing for unknown words', () => {
    expect(questionCount(searchHelp(topics, '账户'))).toBe(2);
    expect(searchHelp(topics, '不存在的词')).toEqual([]);
  });

  it('treats an empty or blank query as no search', () => {
    expect(searchHelp(topics, '  ')).toBe(topics);
    expect(queryTerms(' 实名，认证？ ')).toEqual(['实名', '认证']);
  });
});
