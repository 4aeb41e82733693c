import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import { DEFAULT_LANGUAGE } from '../../languages';

const STYLE = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:2rem auto;max-width:1080px;padding:0 1rem;color:#1c1f23}
section{border:1px solid #e6e8ea;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.5rem 0}dt{color:#555}dd{margin:0;word-break:break-all}
ul.images{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}ul.images img{max-width:160px;max-height:120px;border:1px solid #ddd}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.5rem}input[type=text]{padding:.3rem .5rem;min-width:16rem}
button{padding:.4rem 1rem;cursor:pointer}p.empty{color:#666}.pass{background:#0b7a3e;color:#fff;border:0}.fail{background:#b42318;color:#fff;border:0}`;

type T = Translator['t'];

const page = (t: T, titleKey: string, body: string) => `<!doctype html>
<html lang="${DEFAULT_LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t(titleKey)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** The sandbox face page a phone opens from the QR code: pass or fail the check. */
export function renderFacePage(t: T, certifyId: string, check: { name: string; state: string; expired: boolean } | null): string {
  let body: string;
  if (!check || (check.state === 'pending' && check.expired)) body = `<p role="status">${t('verification:faceUnknown')}</p>`;
  else if (check.state === 'approved') body = `<p role="status">${t('verification:faceDonePassed')}</p>`;
  else if (check.state === 'rejected') body = `<p role="status">${t('verification:faceDoneFailed')}</p>`;
  else {
    const form = (result: string, cls: string, key: string) =>
      `<form method="post" action="/sandbox/face"><input type="hidden" name="certify_id" value="${escapeHtml(certifyId)}"><input type="hidden" name="result" value="${result}"><button type="submit" class="${cls}">${t(key)}</button></form>`;
    body = `<p>${t('verification:faceIntro')}</p><dl><dt>${t('verification:faceName')}</dt><dd>${escapeHtml(check.name)}</dd></dl>${form('pass', 'pass', 'verification:facePass')}${form('fail', 'fail', 'verification:faceFail')}`;
  }
  return page(t, 'verification:faceTitle', `<h1>${t('verification:faceTitle')}</h1>${body}`);
}
