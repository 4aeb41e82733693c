import { allSettled, fork } from 'effector';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n';
import { documentTitleText, pageTitleChanged, setDocumentTitleFx } from './document-title';

beforeAll(async () => {
  await initI18n();
});

describe('document title', () => {
  it('is `<page> - <site>` from the locale files', () => {
    expect(documentTitleText('login')).toBe('登录 - 电子数据存证平台');
    expect(documentTitleText('attestationData')).toBe('数据保全 - 电子数据存证平台');
  });

  it('is the site name alone when the route names no page', () => {
    expect(documentTitleText(null)).toBe('电子数据存证平台');
  });

  it('is set on every settled route', async () => {
    const set = vi.fn();
    const scope = fork({ handlers: [[setDocumentTitleFx, set]] });
    await allSettled(pageTitleChanged, { scope, params: 'login' });
    await allSettled(pageTitleChanged, { scope, params: 'notFound' });
    expect(set.mock.calls.map(([text]) => text)).toEqual(['登录 - 电子数据存证平台', '页面不存在 - 电子数据存证平台']);
  });
});
