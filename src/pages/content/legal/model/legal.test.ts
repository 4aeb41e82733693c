/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { blocksText } from '@/shared/lib/markdown';
import { legalSourcePath, legalSources, loadLegalSourceFx } from '../api/legal-sources';
import { LEGAL_DOCUMENT_KEYS, type LegalDocument } from '../config/documents';
import { $blocks, $failed, $outline, LegalGate, printClicked, printFx, retryClicked } from './legal';

const root = join(import.meta.dirname, '../../../../..');

describe('legal documents', () => {
  it('reads each document from its Markdown file, byte for byte', async () => {
    for (const document of LEGAL_DOCUMENT_KEYS) {
      const path = legalSourcePath(document);
      const load = legalSources[path];
      expect(load, path).toBeDefined();
      expect(await load!(), path).toBe(readFileSync(join(root, path), 'utf8'));
    }
  });

  it('loads the open page’s document and outlines its sections', async () => {
    const load = vi.fn((document: LegalDocument) => Promise.resolve(`${document} 的正文\n\n## 一\n\n## 二\n\n### 二之一`));
    const scope = fork({ handlers: [[loadLegalSourceFx, load]] });
    expect(scope.getState($blocks)).toBeNull();

    await allSettled(LegalGate.open, { scope, params: { document: 'privacy' } });
    expect(load).toHaveBeenCalledWith('privacy');
    expect(blocksText(scope.getState($blocks)!)).toBe('privacy 的正文\n一\n二\n二之一');
    expect(scope.getState($outline)).toEqual([
      { id: 'section-1', level: 2, text: '一' },
      { id: 'section-2', level: 2, text: '二' },
    ]);

    // Another legal route: its page replaces this one, the text follows.
    await allSettled(LegalGate.close, { scope, params: { document: 'privacy' } });
    expect(scope.getState($blocks)).toBeNull();
    await allSettled(LegalGate.open, { scope, params: { document: 'clause' } });
    expect(blocksText(scope.getState($blocks)!).startsWith('clause 的正文')).toBe(true);
  });

  it('drops the answer for a document the visitor has already left', async () => {
    let finishPrivacy: (text: string) => void = () => {};
    const load = vi.fn((document: LegalDocument) =>
      document === 'privacy' ? new Promise<string>((resolve) => (finishPrivacy = resolve)) : Promise.resolve('条款正文'),
    );
    const scope = fork({ handlers: [[loadLegalSourceFx, load]] });
    // allSettled waits for every effect of the scope, so both navigations are awaited together.
    const settled = Promise.all([
      allSettled(LegalGate.open, { scope, params: { document: 'privacy' } }),
      allSettled(LegalGate.close, { scope, params: { document: 'privacy' } }),
      allSettled(LegalGate.open, { scope, params: { document: 'clause' } }),
    ]);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    finishPrivacy('隐私正文');
    await settled;
    expect(blocksText(scope.getState($blocks)!)).toBe('条款正文');
  });

  it('shows the failure and loads again on retry', async () => {
    let fail = true;
    const scope = fork({
      handlers: [[loadLegalSourceFx, async () => (fail ? Promise.reject(new Error('chunk failed')) : '正文')]],
    });
    await allSettled(LegalGate.open, { scope, params: { document: 'userAgreement' } });
    expect(scope.getState($failed)).toBe(true);
    expect(scope.getState($blocks)).toBeNull();

    fail = false;
    await allSettled(retryClicked, { scope });
    expect(scope.getState($failed)).toBe(false);
    expect(blocksText(scope.getState($blocks)!)).toBe('正文');
  });

  it('prints through the browser', async () => {
    const print = vi.fn();
    const scope = fork({ handlers: [[printFx, print]] });
    await allSettled(printClicked, { scope });
    expect(print).toHaveBeenCalledTimes(1);
  });
});
