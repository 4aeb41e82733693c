import type { NotaryDocumentType } from '../../../contracts/index';
import type { NotaryApplication } from '../../db/schema';
import type { Translator, Vars } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import { chinaDay, formatChinaTime } from '../../lib/time';

/** One record as the documents list it: what identifies it and proves its content. */
export interface DocumentItem {
  baoquan: string;
  title: string;
  fileHash: string;
  savedAt: Date;
  /** The captured address of web evidence. */
  url: string | null;
}

/** The order's frozen facts a document is made of (nothing here changes after payment). */
export interface NotaryDocumentData {
  /** The four the platform renders; the certificate (5) is the office's own PDF. */
  type: Exclude<NotaryDocumentType, 5>;
  orderNo: string;
  /** Evidence type code of the records (1-5). */
  evidenceType: number;
  application: NotaryApplication;
  items: DocumentItem[];
  amount: number;
  createdAt: Date;
  signedAt: Date | null;
  decodeAt: Date | null;
  /** When the office issued this document. */
  issuedAt: Date;
  sealName: string;
  /** The seal's png, embedded as a data URL (the renderer fetches nothing). */
  sealPng: Buffer | null;
}

const TITLE_KEYS: Record<NotaryDocumentType, string> = {
  1: 'notarisation:doc1Title',
  2: 'notarisation:doc2Title',
  3: 'notarisation:doc3Title',
  4: 'notarisation:doc4Title',
  5: 'notarisation:doc5Title',
};

export const documentTitle = (t: Translator, type: NotaryDocumentType) => t.t(TITLE_KEYS[type]);

// Letter-spacing only for Chinese titles (spaced Latin letters extract from the PDF as single letters), and
// break-all only for hashes (it would cut words of running text mid-word).
const STYLE = `
@page{size:A4;margin:14mm}
body{margin:0;background:#fff;font-family:"Noto Serif CJK SC","Noto Sans CJK SC","Source Han Serif SC",serif;color:#1f2329}
.nd{max-width:760px;margin:0 auto}
.nd h1{font-size:26px;text-align:center;margin:0 0 4px}
.nd:lang(zh) h1{letter-spacing:2px}
.nd .nd-no{text-align:center;font-size:12px;color:#4e5969;margin-bottom:14px}
.nd table{width:100%;border-collapse:collapse;font-size:12.5px;table-layout:fixed;margin:6px 0}
.nd th,.nd td{border:1px solid #8a8f99;padding:5px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.nd th{background:#f2f3f5;font-weight:600}
.nd .nd-facts th{width:120px}
.nd .nd-mono{font-family:"Noto Sans Mono CJK SC","DejaVu Sans Mono",monospace;font-size:11px;word-break:break-all}
.nd h2{font-size:15px;margin:14px 0 6px}
.nd p,.nd li{font-size:13px;line-height:1.8;margin:6px 0}
.nd p.nd-indent{text-indent:2em}
.nd ol{padding-left:22px}
.nd .nd-qa p{margin:4px 0}
.nd .nd-sign{display:flex;justify-content:space-between;align-items:flex-end;margin-top:18px;break-inside:avoid;font-size:13px;line-height:1.9}
.nd .nd-seal img{width:110px;height:110px;object-fit:contain;display:block}
.nd .nd-office{text-align:right}
`;

function facts(rows: [string, string][]): string {
  return `<table class="nd-facts">${rows.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`;
}

/**
 * One of the four documents of spec section 2 (application form, acceptance notice, application notice,
 * inquiry record) as a complete A4 HTML page: our own template, every value escaped, no script, no external
 * resource; the words from the notarisation namespace, in the asking request's language. Rendered to PDF by Chromium (real, extractable text).
 */
export function notaryDocumentHtml(translator: Translator, d: NotaryDocumentData): string {
  const tr = (key: string, vars?: Vars) => translator.t(`notarisation:${key}`, vars);
  const time = (date: Date | null) => (date ? formatChinaTime(date) : '');
  const day = (date: Date | null) => (date ? chinaDay(date) : '');
  const a = d.application;
  const applicant = a.applicant;
  const office = tr('officeName');
  // The marks around a value (a colon, brackets) are the copy's: full-width in Chinese, the language's own elsewhere.
  const purpose = a.purpose === 4 ? tr('purposeWithNote', { purpose: tr('purpose4'), note: a.purposeNote }) : tr(`purpose${a.purpose}`);
  const delivery =
    a.delivery === 2 && a.address
      ? tr('deliveryTo', { delivery: tr('delivery2'), name: a.address.name, phone: a.address.phone, address: a.address.text })
      : tr('delivery1');
  const matter = tr('matter', { kind: tr(`evidenceType${d.evidenceType}`) });
  const count = d.items.length;

  // The hash gets a full-width line of its own: wrapped inside a narrow cell it would not read (or extract) as one value.
  const itemsTable = `<table><thead><tr><th style="width:40px">${tr('colIndex')}</th><th style="width:200px">${tr('colBaoquan')}</th><th>${tr('colName')}</th><th style="width:150px">${tr('colSavedAt')}</th></tr></thead><tbody>${d.items
    .map(
      (item, i) =>
        `<tr><td rowspan="2">${i + 1}</td><td class="nd-mono">${escapeHtml(item.baoquan)}</td><td>${escapeHtml(item.title)}${item.url ? `<br><span class="nd-mono">${escapeHtml(item.url)}</span>` : ''}</td><td>${escapeHtml(time(item.savedAt))}</td></tr>` +
        `<tr><td colspan="3" class="nd-mono">${escapeHtml(tr('hashLine', { label: tr('colHash'), hash: item.fileHash }))}</td></tr>`,
    )
    .join('')}</tbody></table>`;

  const seal = d.sealPng ? `<img src="data:image/png;base64,${d.sealPng.toString('base64')}" alt="${escapeHtml(d.sealName)}">` : '';
  const applicantSign = `<div class="nd-seal">${escapeHtml(tr('applicantSign'))}${seal}${escapeHtml(tr('signedAt', { time: time(d.signedAt) }))}</div>`;
  const officeSign = `<div class="nd-office">${escapeHtml(office)}<br>${escapeHtml(day(d.issuedAt))}</div>`;
  const idLabel = applicant.status === 2 ? tr('creditCode') : tr('idNumber');

  let body: string;
  if (d.type === 1) {
    body =
      facts([
        [tr('applicant'), applicant.name],
        [idLabel, applicant.idNumber],
        [tr('contact'), applicant.contactName],
        [tr('phone'), applicant.contactPhone],
        [tr('matterLabel'), matter],
        [tr('purposeLabel'), purpose],
        [tr('copies'), tr('copiesValue', { copies: a.copies })],
        [tr('deliveryLabel'), delivery],
        [tr('applyDate'), time(d.createdAt)],
        [tr('paidPoints'), tr('pointsValue', { points: d.amount / 100 })],
      ]) +
      `<h2>${escapeHtml(tr('recordsTitle', { count }))}</h2>${itemsTable}` +
      `<h2>${escapeHtml(tr('authoriseTitle'))}</h2><p class="nd-indent">${escapeHtml(tr('authoriseText', { time: time(d.decodeAt), office }))}</p>` +
      `<p class="nd-indent">${escapeHtml(tr('declaration'))}</p><div class="nd-sign">${applicantSign}</div>`;
  } else if (d.type === 2) {
    body =
      `<p>${escapeHtml(tr('dear', { name: applicant.name }))}</p>` +
      `<p class="nd-indent">${escapeHtml(tr('acceptText', { date: day(d.createdAt), orderNo: d.orderNo, count, matter }))}</p>` +
      `<p class="nd-indent">${escapeHtml(tr('acceptNext', { copies: a.copies, delivery }))}</p>` +
      `<h2>${escapeHtml(tr('recordsTitle', { count }))}</h2>${itemsTable}<div class="nd-sign"><div></div>${officeSign}</div>`;
  } else if (d.type === 3) {
    const duties = [1, 2, 3, 4, 5].map((n) => `<li>${escapeHtml(tr(`notice${n}`, { office }))}</li>`).join('');
    body =
      `<p>${escapeHtml(tr('dear', { name: applicant.name }))}</p><p class="nd-indent">${escapeHtml(tr('noticeIntro', { orderNo: d.orderNo, matter }))}</p>` +
      `<ol>${duties}</ol><p class="nd-indent">${escapeHtml(tr('noticeAck'))}</p><div class="nd-sign">${applicantSign}${officeSign}</div>`;
  } else {
    const qa = (n: number, vars: Vars) => `<p>${escapeHtml(tr(`q${n}`))}</p><p>${escapeHtml(tr(`a${n}`, vars))}</p>`;
    body =
      facts([
        [tr('inquiryTime'), time(d.issuedAt)],
        [tr('inquiryPlace'), tr('inquiryPlaceValue')],
        [tr('inquirer'), tr('inquirerValue', { office })],
        [tr('respondent'), tr('respondentValue', { name: applicant.name, idLabel, idNumber: applicant.idNumber })],
      ]) +
      `<div class="nd-qa">${qa(1, { orderNo: d.orderNo, count, purpose })}${qa(2, {})}${qa(3, { time: time(d.decodeAt), office })}${qa(4, {})}</div>` +
      `<h2>${escapeHtml(tr('recordsTitle', { count }))}</h2>${itemsTable}<div class="nd-sign">${applicantSign}${officeSign}</div>`;
  }
  const title = tr(`doc${d.type}Title`);
  return `<!doctype html><html lang="${translator.language}"><head><meta charset="utf-8"><title>${escapeHtml(`${title} ${d.orderNo}`)}</title><style>${STYLE}</style></head><body><section class="nd"><h1>${escapeHtml(title)}</h1><div class="nd-no">${escapeHtml(tr('orderNoLine', { orderNo: d.orderNo }))}</div>${body}</section></body></html>`;
}
