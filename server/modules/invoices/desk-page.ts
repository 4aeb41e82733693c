import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import type { DeskApplication } from './desk';

const STYLE = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem auto;max-width:1080px;padding:0 1rem;color:#1c1f23}
section{border:1px solid #e6e8ea;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}dt{color:#555}dd{margin:0;word-break:break-all}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.5rem}input[type=text],input[type=email]{padding:.3rem .5rem;min-width:16rem}
button{padding:.4rem 1rem;cursor:pointer}p.empty{color:#666}.pass{background:#0b7a3e;color:#fff;border:0}.fail{background:#b42318;color:#fff;border:0}
.next{background:#0050c8;color:#fff;border:0}.status{font-weight:600}p[role=alert]{color:#b42318;font-weight:600}`;

type T = Translator['t'];

function form(id: number, action: string, body: string): string {
  return `<form method="post" action="/sandbox/invoices/decide"><input type="hidden" name="id" value="${id}"><input type="hidden" name="action" value="${action}">${body}</form>`;
}

function actions(t: T, a: DeskApplication): string {
  const reasonId = `reason-${a.id}`;
  const reject = form(
    a.id,
    'reject',
    `<label for="${reasonId}">${t('invoice:deskReason')}</label><input type="text" id="${reasonId}" name="remark" required maxlength="150">` +
      `<button type="submit" class="fail">${t('invoice:deskReject')}</button>`,
  );
  if (a.status === 1) {
    const noteId = `first-${a.id}`;
    const submit = form(
      a.id,
      'submit',
      `<label for="${noteId}">${t('invoice:deskFirstRemark')}</label><input type="text" id="${noteId}" name="remark" maxlength="150">` +
        `<button type="submit" class="next">${t('invoice:deskSubmit')}</button>`,
    );
    return submit + reject;
  }
  if (a.status === 2) {
    const fieldId = `issue-${a.id}`;
    const field =
      a.type === 'ENTERPRISE_SPECIAL'
        ? `<label for="${fieldId}">${t('invoice:deskCourierNumber')}</label><input type="text" id="${fieldId}" name="courierNumber" required maxlength="30">`
        : `<label for="${fieldId}">${t('invoice:deskEmail')}</label><input type="email" id="${fieldId}" name="email" required maxlength="64" value="${escapeHtml(a.email)}">`;
    return form(a.id, 'issue', `${field}<button type="submit" class="pass">${t('invoice:deskIssue')}</button>`) + reject;
  }
  return '';
}

/** The sandbox finance desk: every application with the actions its state allows. No script (strict CSP). */
export function renderInvoiceDesk(t: T, list: DeskApplication[], error = ''): string {
  const row = (label: string, value: string) => (value ? `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>` : '');
  const items = list
    .map(
      (a) => `<section data-application="${a.id}" data-no="${escapeHtml(a.order_no)}" data-phone="${escapeHtml(a.phone)}">
<h2>${escapeHtml(a.order_no)} <span class="status">${t(`invoice:status${a.status}`)}</span></h2>
<dl>${row(t('invoice:deskPhone'), a.phone)}${row(t('invoice:deskCreated'), a.create_time)}${row(t('invoice:deskType'), t(`invoice:type${a.type}`))}
${row(t('invoice:deskHead'), a.head)}${row(t('invoice:deskTaxNum'), a.taxNum)}${row(t('invoice:deskMoney'), a.money.toFixed(2))}${row(t('invoice:deskOrders'), String(a.orderCount))}
${row(t('invoice:deskRecipient'), a.recipient)}${row(t('invoice:deskAddress'), a.address)}${row(t('invoice:deskEmail'), a.email)}${row(t('invoice:deskRemark'), a.remark)}
${row(t('invoice:deskFirstRemark'), a.firstRemark)}${row(t('invoice:deskReason'), a.checkRemark)}${row(t('invoice:deskCourierNumber'), a.courierNumber)}</dl>
${actions(t, a)}</section>`,
    )
    .join('');
  const alert = error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
  const body = list.length ? items : `<p class="empty">${t('invoice:deskEmpty')}</p>`;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('invoice:deskTitle')}</title><style>${STYLE}</style></head><body><main><h1>${t('invoice:deskTitle')}</h1><p>${t('invoice:deskIntro')}</p>${alert}${body}</main></body></html>`;
}
