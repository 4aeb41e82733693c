import { renderSVG } from 'uqr';
import type { Certificate, FileKind, MobileRecordingFacts } from '../../../contracts/index';
import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import { formatChinaTime } from '../../lib/time';

const KIND_KEYS: Record<FileKind, string> = {
  image: 'certificate:fileTypeImage',
  video: 'certificate:fileTypeVideo',
  audio: 'certificate:fileTypeAudio',
  document: 'certificate:fileTypeDocument',
  other: 'certificate:fileTypeOther',
};

export const fileKindText = (t: Translator, kind: FileKind) => t.t(KIND_KEYS[kind]);

/** How the evidence was preserved, by its type code (online evidence captures name their kind). */
function sourceKey(c: Certificate): string {
  if (c.evidenceType === 2) return 'sourceProcess';
  if (c.evidenceType === 3) return 'sourceWebCapture';
  return c.isApp ? 'sourceApp' : 'sourceWeb';
}

/** 1536 -> `1.50 KB`: binary units, as file managers show sizes. */
export function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(2)} ${units[unit]}`;
}

export interface CertificateDocument {
  certificate: Certificate;
  issuedAt: Date;
  /** Absolute address of the certificate page, encoded in the QR code; null leaves the QR code out. */
  pageUrl: string | null;
  /** A record recorded in the phone's browser: its chain, times and gaps (never on a limited certificate). */
  recording?: MobileRecordingFacts | null;
}

// Letter-spacing only for Chinese titles (spaced Latin letters extract from the PDF as single letters), and
// break-all only for hashes (it would cut words of running text mid-word).
const STYLE = `
.bq-certificate{font-family:"Noto Serif CJK SC","Noto Sans CJK SC","Source Han Serif SC",serif;color:#1f2329;max-width:760px;margin:0 auto;padding:26px 34px;border:6px double #b8860b;background:#fffdf6;-webkit-print-color-adjust:exact;print-color-adjust:exact;box-sizing:border-box}
.bq-certificate h1{font-size:28px;text-align:center;margin:0 0 2px;color:#8b1a1a}
.bq-certificate .bq-sub{text-align:center;font-size:12px;color:#5c626b;margin-bottom:12px}
.bq-certificate:lang(zh) h1{letter-spacing:6px}
.bq-certificate:lang(zh) .bq-sub{letter-spacing:1px}
.bq-certificate .bq-limited{border:1px solid #f0b429;background:#fff8e1;padding:6px 10px;font-size:13px;margin-bottom:12px}
.bq-certificate table{width:100%;border-collapse:collapse;font-size:13px;table-layout:fixed}
.bq-certificate th,.bq-certificate td{border:1px solid #d9c9a3;padding:5px 9px;text-align:left;vertical-align:top}
.bq-certificate th{width:140px;background:#f7efd9;font-weight:600}
.bq-certificate .bq-pairs th{width:90px}
.bq-certificate td{overflow-wrap:anywhere}
.bq-certificate .bq-mono{font-family:"Noto Sans Mono CJK SC","DejaVu Sans Mono",monospace;font-size:12px;word-break:break-all}
.bq-certificate h2{font-size:15px;margin:12px 0 6px;color:#8b1a1a}
.bq-certificate p,.bq-certificate li{font-size:12.5px;line-height:1.65;margin:6px 0}
.bq-certificate ol{padding-left:20px;margin:4px 0}
.bq-certificate .bq-foot{display:flex;justify-content:space-between;align-items:flex-end;margin-top:10px;break-inside:avoid}
.bq-certificate .bq-issuer{font-size:14px;line-height:1.8}
.bq-certificate .bq-qr{text-align:center;font-size:12px;color:#4e5969}
.bq-certificate .bq-qr svg{width:96px;height:96px;display:block;margin:0 auto 2px}
`;

function row(label: string, value: string, mono = false): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td${mono ? ' class="bq-mono"' : ''}>${escapeHtml(value)}</td></tr>`;
}

/** Two label-value pairs a row (the forensics facts are short). */
function pairs(items: [string, string][]): string {
  let html = '';
  for (let i = 0; i < items.length; i += 2) {
    const cells = items.slice(i, i + 2).map(([label, value]) => `<th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td>`);
    html += `<tr>${cells.join('')}</tr>`;
  }
  return html;
}

type Tr = (key: string, vars?: Record<string, string | number>) => string;

/**
 * The trusted time: the RFC 3161 token's time, the authority and its policy; while the token is pending
 * (at most TSA_INTERVAL_SECONDS after preservation) a line saying so. The PDF is rendered at each download, never
 * cached, so a certificate downloaded again once the token exists states the time.
 */
function trustedTimeRows(c: Certificate, tr: Tr): string[] {
  const time = c.trustedTime;
  if (!time) return [row(tr('trustedTime'), tr('trustedTimePending'))];
  return [
    row(tr('trustedTime'), tr('trustedTimeValue', { time: formatChinaTime(new Date(time.genTime)) })),
    row(tr('tsaName'), time.sandbox ? tr('tsaSandbox', { name: time.authority }) : time.authority),
    row(tr('tsaPolicy'), time.policy, true),
  ];
}

/**
 * The certificate as an HTML fragment (our own template: every value escaped, no script, no external
 * resource), with its styles scoped under `.bq-certificate`. Shared by the PDF, the batch package and the
 * mobile view; all words come from the certificate namespace, in the asking request's language.
 */
export function certificateFragment(t: Translator, doc: CertificateDocument): string {
  const c = doc.certificate;
  const tr: Tr = (key, vars) => t.t(`certificate:${key}`, vars);
  const rows = [
    row(tr('baoquan'), c.baoquan, true),
    row(tr('fileTitle'), c.title ?? tr('hidden')),
    row(tr('label'), c.limited ? tr('hidden') : c.label || tr('none')),
    row(tr('fileType'), fileKindText(t, c.fileType)),
    row(tr('size'), tr('bytes', { size: humanSize(c.size), bytes: c.size })),
    row(tr('saveTime'), tr('chinaTime', { time: c.saveTime })),
    ...trustedTimeRows(c, tr),
    row(tr('owner'), c.owner),
    row(tr('source'), tr(sourceKey(c))),
    ...(c.sourceUrl ? [row(tr('sourceUrl'), c.sourceUrl, true)] : []),
    row(tr('filehash'), c.filehash, true),
    row(tr('chainhash'), c.chainhash, true),
  ];
  const f = c.forensics;
  // An empty fact is one the device could not tell (a browser cannot read its processor): said so, never left blank.
  const told = (value: string) => value || tr('notAvailable');
  const forensics = f
    ? `<h2>${escapeHtml(tr('forensicsTitle'))}</h2><table class="bq-pairs">${pairs([
        [tr('appAddress'), told(f.appAddress)],
        [tr('appType'), told(f.appType)],
        [tr('duration'), tr('durationSeconds', { seconds: f.duration })],
        [tr('configName'), told(f.configName)],
        [tr('configModelName'), told(f.configModelName)],
        [tr('configVersion'), told(f.configVersion)],
        [tr('configProcessor'), told(f.configProcessor)],
        [tr('configCore'), told(f.configCore)],
      ])}</table>`
    : '';
  const recording = c.limited || !doc.recording ? '' : recordingSection(tr, doc.recording);
  const qr = doc.pageUrl ? `<div class="bq-qr">${renderSVG(doc.pageUrl, { border: 1, ecc: 'M' })}${escapeHtml(tr('qrHint'))}</div>` : '';
  return `<section class="bq-certificate" lang="${escapeHtml(t.language)}"><style>${STYLE}</style>
<h1>${escapeHtml(tr('title'))}</h1><div class="bq-sub">${escapeHtml(tr('subtitle'))}</div>
${c.limited ? `<div class="bq-limited">${escapeHtml(tr('limitedNote'))}</div>` : ''}
<table>${rows.join('')}</table>${forensics}${recording}
<p>${escapeHtml(tr('statement'))}</p>
<h2>${escapeHtml(tr('verifyTitle'))}</h2>
<ol><li>${escapeHtml(tr('verifyStep1'))}</li><li>${escapeHtml(tr('verifyStep2'))}</li><li>${escapeHtml(tr('verifyStep3'))}</li><li>${escapeHtml(tr('verifyStep4'))}</li></ol>
<div class="bq-foot"><div class="bq-issuer">${escapeHtml(tr('issuer'))}<br>${escapeHtml(tr('issuedAt', { time: formatChinaTime(doc.issuedAt) }))}</div>${qr}</div>
</section>`;
}

/** How a phone's recording was received: pieces, chain head, start and end, and every gap named. */
function recordingSection(tr: Tr, r: MobileRecordingFacts): string {
  const gaps = r.gaps.length
    ? r.gaps.map((g) => tr('recordingGap', { from: g.from, to: g.to, seconds: g.seconds })).join(tr('recordingGapSeparator'))
    : tr('recordingNoGaps');
  return `<h2>${escapeHtml(tr('recordingTitle'))}</h2><table>${[
    row(tr('recordingPieces'), String(r.pieces)),
    row(tr('recordingStartedAt'), tr('chinaTime', { time: r.startedAt })),
    row(tr('recordingEndedAt'), tr('chinaTime', { time: r.endedAt })),
    row(tr('recordingChainHead'), r.chainHead, true),
    row(tr('recordingGaps'), gaps),
  ].join('')}</table>`;
}

/** A complete A4 document around the fragment (PDF rendering, the batch package). */
export function certificateHtml(t: Translator, doc: CertificateDocument): string {
  return `<!doctype html><html lang="${t.language}"><head><meta charset="utf-8"><title>${escapeHtml(
    `${t.t('certificate:title')} ${doc.certificate.baoquan}`,
  )}</title><style>@page{size:A4;margin:12mm}body{margin:0;background:#fff}</style></head><body>${certificateFragment(t, doc)}</body></html>`;
}
