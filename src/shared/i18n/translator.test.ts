import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

const resources = {
  common: { hello: '你好 {{name}}', nested: { deep: { key: '深层' } }, 'flat.key with dots': '平铺', empty: '' },
  auth: { count: '共 {{count}} 条', count_other: '{{count}} 条记录', title: '登录', title_staff: '员工登录' },
};

describe('translator', () => {
  const i18n = createTranslator({ resources });

  it('finds nested and flat keys with dots, in the default namespace or the one asked for', () => {
    expect(i18n.t('nested.deep.key')).toBe('深层');
    expect(i18n.t('flat.key with dots')).toBe('平铺');
    expect(i18n.t('title', { ns: 'auth' })).toBe('登录');
    expect(i18n.fixedT('auth')('title')).toBe('登录');
    expect(i18n.fixedT('auth')('common:hello', { name: 'A' })).toBe('你好 A');
    expect(i18n.t('empty')).toBe('');
  });

  it('gives the key back (without a namespace prefix) or the default value when nothing is found', () => {
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('auth:missing')).toBe('missing');
    expect(i18n.t('organisation: png up to 20MB', { ns: 'auth' })).toBe('organisation: png up to 20MB');
    expect(i18n.t('missing', { defaultValue: '默认 {{x}}', x: 1 })).toBe('默认 1');
  });

  it('interpolates like i18next: undefined or null empty, names not passed kept as written', () => {
    expect(i18n.t('hello', { name: '张三' })).toBe('你好 张三');
    expect(i18n.t('hello', { name: undefined })).toBe('你好 ');
    expect(i18n.t('hello', { name: null })).toBe('你好 ');
    expect(i18n.t('hello')).toBe('你好 {{name}}');
    expect(i18n.t('hello', { name: 3 })).toBe('你好 3');
  });

  it('tries the plural form and the context first', () => {
    expect(i18n.t('auth:count', { count: 2 })).toBe('2 条记录');
    expect(i18n.t('auth:title', { context: 'staff' })).toBe('员工登录');
    expect(i18n.t('auth:title', { context: 'other' })).toBe('登录');
  });

  it('loads a namespace once, records nothing by itself, and renders keys when loading fails', async () => {
    const load = vi.fn((ns: string) =>
      ns === 'broken' ? Promise.reject(new Error('x')) : ns === 'page' ? Promise.resolve({ a: 'A' }) : undefined,
    );
    const lazy = createTranslator({ load });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(lazy.hasLoadedNamespace('page')).toBe(false);
    const first = lazy.loadNamespaces('page');
    expect(lazy.loadNamespaces('page')).toBe(first);
    await first;
    expect(lazy.fixedT('page')('a')).toBe('A');
    await lazy.loadNamespaces(['page', 'broken', 'unknown']);
    expect(load).toHaveBeenCalledTimes(3);
    expect(lazy.hasLoadedNamespace('broken')).toBe(true);
    expect(lazy.fixedT('broken')('a')).toBe('a');
    expect(lazy.usedNamespaces.size).toBe(0);
    error.mockRestore();
  });
});
