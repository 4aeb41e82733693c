import { describe, expect, it, vi } from 'vitest';
import { copyText, type ClipboardEnv } from './copy-text';

/** A fake document whose execCommand('copy') "copies" the selected textarea's value into `copied`. */
function fakeDocument(execResult: boolean | 'throw' = true) {
  const state = { copied: null as string | null, attached: [] as unknown[], removed: 0, refocused: 0 };
  const focused = { focus: () => void state.refocused++ };
  let selected: { value: string } | null = null;
  const doc = {
    activeElement: focused,
    body: { appendChild: (node: unknown) => state.attached.push(node) },
    createElement: (tag: string) => {
      expect(tag).toBe('textarea');
      const area = {
        value: '',
        style: {} as Record<string, string>,
        attributes: {} as Record<string, string>,
        setAttribute(name: string, value: string) {
          this.attributes[name] = value;
        },
        select: () => {
          selected = area;
        },
        setSelectionRange() {},
        remove: () => void state.removed++,
      };
      return area;
    },
    execCommand: (command: string) => {
      if (execResult === 'throw') throw new Error('not allowed');
      if (command === 'copy' && execResult && selected) state.copied = selected.value;
      return execResult;
    },
  };
  return { doc: doc as unknown as NonNullable<ClipboardEnv['document']>, state };
}

describe('copyText', () => {
  it('uses the Clipboard API when there is one and leaves the document alone', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { doc, state } = fakeDocument();
    expect(await copyText('BQ20240101000000000001', { navigator: { clipboard: { writeText } }, document: doc })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('BQ20240101000000000001');
    expect(state.attached).toHaveLength(0);
    expect(state.copied).toBeNull();
  });

  it('falls back to a hidden textarea and execCommand when the Clipboard API is missing', async () => {
    const { doc, state } = fakeDocument();
    expect(await copyText('abc123', { navigator: {}, document: doc })).toBe(true);
    expect(state.copied).toBe('abc123');
    // The textarea was added, then removed, and the focus went back where it was.
    expect(state.attached).toHaveLength(1);
    expect(state.attached[0]).toMatchObject({ value: 'abc123', attributes: { readonly: '' } });
    expect(state.removed).toBe(1);
    expect(state.refocused).toBe(1);
  });

  it('falls back when the Clipboard API refuses (an http origin, a denied permission)', async () => {
    const writeText = vi.fn(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    const { doc, state } = fakeDocument();
    expect(await copyText('deadbeef', { navigator: { clipboard: { writeText } }, document: doc })).toBe(true);
    expect(writeText).toHaveBeenCalledOnce();
    expect(state.copied).toBe('deadbeef');
  });

  it('answers false when neither way copies, and still removes the textarea', async () => {
    const refused = fakeDocument(false);
    expect(await copyText('x', { navigator: {}, document: refused.doc })).toBe(false);
    expect(refused.state.removed).toBe(1);
    const throwing = fakeDocument('throw');
    expect(await copyText('x', { navigator: {}, document: throwing.doc })).toBe(false);
    expect(throwing.state.removed).toBe(1);
    expect(await copyText('x', {})).toBe(false);
  });
});
