import { hashBlob } from '@/shared/lib/file-hash';
import { copyText, verifyFiles, type GivenFile, type RecordVerdict, type VerifierCopy } from '@proof/package';
import './verifier-page.css';

/**
 * verify.html: the offline proof package's own verifier, one self-contained page built by
 * scripts/build-verify-page.mjs (plain DOM, no framework: it is opened from disk with no network). A person picks the
 * zip, or proof.json with the evidence file; every step of every record shows passed or failed with its reason.
 */

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderRecord(copy: VerifierCopy, verdict: RecordVerdict): HTMLElement {
  const section = element('section', 'pv-record');
  section.dataset.ok = String(verdict.ok);
  const { proof } = verdict;
  if (!proof) {
    section.append(element('p', 'pv-summary pv-failed', copyText(copy, 'unreadableProof', { source: verdict.source })));
    return section;
  }
  section.append(
    element('h2', '', copyText(copy, 'recordTitle', { baoquan: proof.record.baoquan })),
    element('p', 'pv-facts', copyText(copy, 'recordFacts', { title: proof.record.title, saveTime: proof.record.saveTime })),
  );
  const failed = verdict.steps.filter((s) => !s.ok).map((s) => copyText(copy, `steps.${s.step}`));
  const summary = verdict.ok
    ? copyText(copy, 'allPassed')
    : copyText(copy, 'someFailed', { steps: failed.join(copyText(copy, 'separator')) });
  const summaryNode = element('p', `pv-summary ${verdict.ok ? 'pv-passed' : 'pv-failed'}`, summary);
  summaryNode.dataset.testid = 'pv-summary';
  section.append(summaryNode);
  const list = element('ol', 'pv-steps');
  for (const outcome of verdict.steps) {
    const item = element('li', `pv-step ${outcome.ok ? 'pv-passed' : 'pv-failed'}`);
    item.dataset.step = outcome.step;
    item.dataset.ok = String(outcome.ok);
    const head = element('div', 'pv-step-head');
    head.append(
      element('strong', '', copyText(copy, `steps.${outcome.step}`)),
      element('span', 'pv-badge', copyText(copy, outcome.ok ? 'passed' : 'failed')),
    );
    item.append(
      head,
      element('p', 'pv-hint', copyText(copy, `stepHints.${outcome.step}`)),
      element('p', 'pv-reason', copyText(copy, `reasons.${outcome.reason}`, outcome.values)),
    );
    list.append(item);
  }
  section.append(list);
  return section;
}

/** Files larger than this (not a zip or proof.json) are hashed piece by piece instead of read whole. */
const READ_WHOLE_LIMIT = 256 * 1024 * 1024;

async function readPicked(input: HTMLInputElement): Promise<GivenFile[]> {
  return Promise.all(
    Array.from(input.files ?? [], async (file): Promise<GivenFile> => {
      if (file.size > READ_WHOLE_LIMIT && !/\.(zip|json)$/i.test(file.name)) {
        return { name: file.name, sha256: async () => (await hashBlob(file)) ?? '' };
      }
      return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    }),
  );
}

/** `trustedKeyIds`: the platform's published checkpoint key fingerprints, put in the page when the package was made. */
export function mountProofVerifier(root: HTMLElement, copy: VerifierCopy, trustedKeyIds: readonly string[]): void {
  const main = element('main', 'pv');
  const label = element('label', 'pv-pick');
  const input = element('input', '');
  input.type = 'file';
  input.multiple = true;
  input.dataset.testid = 'pv-files';
  label.append(element('span', '', copyText(copy, 'pick')), input);
  const result = element('div', 'pv-result');
  result.setAttribute('aria-live', 'polite');
  main.append(
    element('h1', '', copyText(copy, 'title')),
    element('p', 'pv-intro', copyText(copy, 'intro')),
    label,
    element('p', 'pv-hint', copyText(copy, 'pickHint')),
    element(
      'p',
      'pv-hint pv-keys',
      trustedKeyIds.length > 0
        ? copyText(copy, 'trustedKeys', { keys: trustedKeyIds.join(copyText(copy, 'separator')) })
        : copyText(copy, 'noTrustedKeys'),
    ),
    result,
  );
  root.append(main);
  document.title = copyText(copy, 'title');

  input.addEventListener('change', () => {
    result.replaceChildren(element('p', 'pv-hint', copyText(copy, 'verifying')));
    void readPicked(input)
      .then((files) => verifyFiles(files, { trustedKeyIds }))
      .then((verdicts) => {
        if (verdicts.length === 0) result.replaceChildren(element('p', 'pv-summary pv-failed', copyText(copy, 'noProof')));
        else result.replaceChildren(...verdicts.map((verdict) => renderRecord(copy, verdict)));
      })
      .catch((error: unknown) => {
        const detail = error instanceof Error ? error.message : String(error);
        result.replaceChildren(element('p', 'pv-summary pv-failed', copyText(copy, 'zipBroken', { detail })));
      });
  });
}
