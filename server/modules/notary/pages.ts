import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import type { DeskOrder, DeskTransfer } from './service';

const STYLE = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem auto;max-width:1080px;padding:0 1rem;color:#1c1f23}
section{border:1px solid #e6e8ea;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}dt{color:#555}dd{margin:0;word-break:break-all}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.5rem}input[type=text]{padding:.3rem .5rem;min-width:16rem}
button{padding:.4rem 1rem;cursor:pointer}p.empty{color:#666}.pass{background:#0b7a3e;color:#fff;border:0}.fail{background:#b42318;color:#fff;border:0}
.shot{display:block;max-width:min(100%,360px);max-height:360px;border:1px solid #e6e8ea;border-radius:4px}
.state{display:inline-block;margin-left:.5rem;padding:0 .5rem;border-radius:4px;background:#e8f1ff;color:#0050c8;font-size:.85rem}`;

type T = Translator['t'];

const form = (id: number, action: string, cls: string, label: string, extra = '') =>
  `<form method="post" action="/sandbox/notary/decide"><input type="hidden" name="id" value="${id}"><input type="hidden" name="action" value="${action}">${extra}<button type="submit" class="${cls}">${label}</button></form>`;

/**
 * The sandbox notary office (APP_MODE=sandbox): paid orders in progress, oldest first; accept, complete
 * (after acceptance) or fail with a reason. Plain forms posting back, no script, so it works under the CSP.
 */
export function renderNotaryDeskPage(t: T, orders: DeskOrder[], transfers: DeskTransfer[]): string {
  const tr = (key: string, vars?: Record<string, string | number>) => t(`notarisation:${key}`, vars);
  const items = orders
    .map((o) => {
      const reasonId = `reason-${o.id}`;
      const purpose = o.purpose === 4 ? `${tr('purpose4')}：${o.purposeNote}` : o.purpose ? tr(`purpose${o.purpose}`) : '';
      const actions = o.accepted ? form(o.id, 'complete', 'pass', tr('deskComplete')) : form(o.id, 'accept', 'pass', tr('deskAccept'));
      const fail = form(
        o.id,
        'fail',
        'fail',
        tr('deskFail'),
        `<label for="${reasonId}">${tr('deskReason')}</label><input type="text" id="${reasonId}" name="reason" required maxlength="200" placeholder="${escapeHtml(tr('deskReasonPlaceholder'))}">`,
      );
      return `<section data-order-no="${escapeHtml(o.orderNo)}" data-phone="${escapeHtml(o.phone)}"><h2>${escapeHtml(o.orderNo)}<span class="state">${escapeHtml(tr(o.accepted ? 'deskStateAccepted' : 'deskStateWaiting'))}</span></h2>
<dl><dt>${tr('deskPhone')}</dt><dd>${escapeHtml(o.phone)}</dd><dt>${tr('applicant')}</dt><dd>${escapeHtml(o.applicant)}</dd>
<dt>${tr('matterLabel')}</dt><dd>${escapeHtml(tr('matter', { kind: tr(`evidenceType${o.type}`) }))}</dd><dt>${tr('deskRecords')}</dt><dd>${o.number}</dd>
<dt>${tr('purposeLabel')}</dt><dd>${escapeHtml(purpose)}</dd><dt>${tr('copies')}</dt><dd>${escapeHtml(tr('copiesValue', { copies: o.copies }))}</dd>
<dt>${tr('deliveryLabel')}</dt><dd>${escapeHtml(tr(`delivery${o.delivery}`))}</dd><dt>${tr(o.transfer ? 'deskTransferAmount' : 'paidPoints')}</dt><dd>${escapeHtml(o.money)}</dd><dt>${tr('deskPaidAt')}</dt><dd>${escapeHtml(o.paidAt)}</dd></dl>
${actions}${fail}</section>`;
    })
    .join('');
  const transferItems = transfers
    .map((o) => {
      const reasonId = `transfer-reason-${o.id}`;
      const reject = form(
        o.id,
        'reject',
        'fail',
        tr('deskTransferReject'),
        `<label for="${reasonId}">${tr('deskTransferReason')}</label><input type="text" id="${reasonId}" name="reason" required maxlength="200" placeholder="${escapeHtml(tr('deskTransferReasonPlaceholder'))}">`,
      );
      return `<section data-transfer-order-no="${escapeHtml(o.orderNo)}" data-phone="${escapeHtml(o.phone)}"><h2>${escapeHtml(o.orderNo)}<span class="state">${escapeHtml(tr('payConfirming'))}</span></h2>
<dl><dt>${tr('deskPhone')}</dt><dd>${escapeHtml(o.phone)}</dd><dt>${tr('applicant')}</dt><dd>${escapeHtml(o.applicant)}</dd>
<dt>${tr('deskTransferAmount')}</dt><dd>${escapeHtml(o.money)}</dd><dt>${tr('deskTransferAt')}</dt><dd>${escapeHtml(o.submittedAt)}</dd>
<dt>${tr('deskTransferImage')}</dt><dd><a href="${escapeHtml(o.imageUrl)}" target="_blank" rel="noopener"><img class="shot" src="${escapeHtml(o.imageUrl)}" alt="${escapeHtml(tr('deskTransferImage'))}"></a></dd></dl>
${form(o.id, 'confirm', 'pass', tr('deskTransferConfirm'))}${reject}</section>`;
    })
    .join('');
  const body = `<h2>${tr('deskTransfersTitle')}</h2>${transfers.length ? transferItems : `<p class="empty">${tr('deskTransfersEmpty')}</p>`}
<h2>${tr('deskOrdersTitle')}</h2>${orders.length ? items : `<p class="empty">${tr('deskEmpty')}</p>`}`;
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${tr('deskTitle')}</title><style>${STYLE}</style></head><body><main><h1>${tr('deskTitle')}</h1><p>${tr('deskIntro')}</p>${body}</main></body></html>`;
}

/** A refused decision (an order no longer in progress, a second acceptance): said on a page with the way back. */
export function renderNotaryDeskRefusal(t: T, message: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('notarisation:deskTitle')}</title><style>${STYLE}</style></head><body><main><h1>${t('notarisation:deskTitle')}</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/sandbox/notary">${t('notarisation:deskBack')}</a></p></main></body></html>`;
}
