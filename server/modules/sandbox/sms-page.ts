import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import { formatChinaTime } from '../../lib/time';
import type { OutboxEntry } from '../../providers/sms';
import { DEFAULT_LANGUAGE } from '../../languages';

const STYLE = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#1c1f23}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e6e8ea;padding:.5rem;text-align:left;vertical-align:top}
th{background:#f5f7fa}td.phone,td.time{white-space:nowrap}form{margin:1rem 0;display:flex;gap:.5rem;align-items:center}
input{padding:.3rem .5rem}p.empty{color:#888}`;

/** The sandbox outbox as a page: no script at all, refreshed by the browser, so it works under the strict CSP. */
export function renderSmsPage(t: Translator['t'], entries: OutboxEntry[], phone: string | undefined): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td class="phone">${escapeHtml(e.phone)}</td><td>${escapeHtml(e.text)}</td><td class="time">${formatChinaTime(e.sentAt)}</td></tr>`,
    )
    .join('');
  const table = entries.length
    ? `<table><thead><tr><th>${t('server:sandboxSmsPhone')}</th><th>${t('server:sandboxSmsText')}</th><th>${t('server:sandboxSmsTime')}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p class="empty">${t('server:sandboxSmsEmpty')}</p>`;
  return `<!doctype html>
<html lang="${DEFAULT_LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>${t('server:sandboxSmsTitle')}</title><style>${STYLE}</style></head>
<body><main><h1>${t('server:sandboxSmsTitle')}</h1><p>${t('server:sandboxSmsIntro')}</p>
<form method="get" action="/sandbox/sms"><label for="phone">${t('server:sandboxSmsFilter')}</label>
<input id="phone" name="phone" inputmode="numeric" maxlength="11" value="${escapeHtml(phone ?? '')}">
<button type="submit">${t('server:sandboxSmsFilterButton')}</button> <a href="/sandbox/sms">${t('server:sandboxSmsAll')}</a></form>
${table}</main></body></html>`;
}
