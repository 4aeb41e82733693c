/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { blocksText, parseMarkdown } from '@/shared/lib/markdown';
import { legalSourcePath, legalSources } from '../api/legal-sources';
import { LEGAL_DOCUMENT_KEYS } from '../config/documents';
import { loadLegalText, printClicked, printFx } from './legal';

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

  it('reads the route’s document with its outline of second-level sections', async () => {
    const file = readFileSync(join(root, legalSourcePath('privacy')), 'utf8');
    const text = await loadLegalText('privacy');
    expect(blocksText(text.blocks)).toBe(blocksText(parseMarkdown(file)));
    const headings = [...file.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim());
    expect(text.outline.map((entry) => entry.text)).toEqual(headings);
    expect(text.outline[0]).toEqual({ id: 'section-1', level: 2, text: headings[0] });
  });

  it('prints through the browser', async () => {
    const print = vi.fn();
    const scope = fork({ handlers: [[printFx, print]] });
    await allSettled(printClicked, { scope });
    expect(print).toHaveBeenCalledTimes(1);
  });
});
