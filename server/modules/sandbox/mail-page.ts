import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import { formatChinaTime } from '../../lib/time';
import type { MailOutboxEntry } from '../../providers/mail';

const STYLE = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#1c1f23}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #e6e8ea;padding:.5rem;text-align:left;vertical-align:top}
th{background:#f5f7fa;white-space:nowrap}td.time{white-space:nowrap}td.to{min-width:10rem;overflow-wrap:anywhere}pre{white-space:pre-wrap;margin:0;font:inherit}
ul{margin:0;padding-left:1rem}p.empty{color:#888}
@media (max-width:640px){thead{display:none}tr{display:block;border-bottom:1px solid #e6e8ea;padding:.5rem 0}
td{display:block;border:0;padding:.2rem 0}td::before{content:attr(data-label);display:block;color:#888;font-size:.85em}}`;

/** Where a sandbox mail's attachment is downloaded (sandbox mode only, like the page). */
export const mailAttachmentPath = (id: number, index: number) => `/sandbox/mail/${id}/attachments/${index}`;

const kb = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** The sandbox mail outbox as a page: no script, refreshed by the browser, so it works under the strict CSP. */
export function renderMailPage(t: Translator['t'], entries: MailOutboxEntry[]): string {
  const rows = entries
    .map((e) => {
      const files = e.attachments.length
        ? `<ul>${e.attachments
            .map((a, i) => `<li><a href="${mailAttachmentPath(e.id, i)}" download>${escapeHtml(a.name)}</a> (${kb(a.size)})</li>`)
            .join('')}</ul>`
        : t('server:sandboxMailNoAttachment');
      return `<tr><td class="to" data-label="${t('server:sandboxMailTo')}">${escapeHtml(e.to)}</td><td data-label="${t('server:sandboxMailSubject')}">${escapeHtml(e.subject)}</td><td data-label="${t('server:sandboxMailText')}"><pre>${escapeHtml(e.text)}</pre></td><td data-label="${t('server:sandboxMailAttachments')}">${files}</td><td class="time" data-label="${t('server:sandboxMailTime')}">${formatChinaTime(e.sentAt)}</td></tr>`;
    })
    .join('');
  const table = entries.length
    ? `<table><thead><tr><th>${t('server:sandboxMailTo')}</th><th>${t('server:sandboxMailSubject')}</th><th>${t('server:sandboxMailText')}</th><th>${t('server:sandboxMailAttachments')}</th><th>${t('server:sandboxMailTime')}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p class="empty">${t('server:sandboxMailEmpty')}</p>`;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>${t('server:sandboxMailTitle')}</title><style>${STYLE}</style></head>
<body><main><h1>${t('server:sandboxMailTitle')}</h1><p>${t('server:sandboxMailIntro')}</p>
${table}</main></body></html>`;
}
