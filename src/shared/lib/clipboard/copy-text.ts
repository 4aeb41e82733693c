import { createEffect } from 'effector';

/** What copyText needs of the browser; tests pass fakes. */
export type ClipboardEnv = {
  navigator?: { clipboard?: { writeText?: (text: string) => Promise<void> } };
  document?: Pick<Document, 'createElement' | 'body' | 'execCommand'> & { activeElement?: Element | null };
};

/**
 * The old way, for when the Clipboard API is missing or refuses (plain http origins, older browsers, a
 * denied permission): a hidden read-only textarea is selected and copied with execCommand, then removed.
 */
function copyWithTextarea(text: string, doc: NonNullable<ClipboardEnv['document']>): boolean {
  const focused = doc.activeElement as HTMLElement | null | undefined;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Off screen but selectable (display:none could not be selected); 12px keeps iOS from zooming in.
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  area.style.fontSize = '12pt';
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus?.();
  }
}

/**
 * Puts a text on the clipboard: the Clipboard API first, the textarea fallback when it is missing or
 * refuses. Resolves true when one of them copied, false when neither could.
 */
export async function copyText(
  text: string,
  env: ClipboardEnv = { navigator: globalThis.navigator, document: globalThis.document },
): Promise<boolean> {
  const writeText = env.navigator?.clipboard?.writeText;
  if (writeText) {
    try {
      await writeText.call(env.navigator!.clipboard, text);
      return true;
    } catch {
      // Refused (no permission, not a secure context, document not focused): try the fallback.
    }
  }
  return env.document ? copyWithTextarea(text, env.document) : false;
}

/** The same as an effect, for models: fails when nothing could be copied. */
export const copyTextFx = createEffect(async (text: string) => {
  if (!(await copyText(text))) throw new Error('copy failed');
});
