import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { DB, SandboxTradesTable } from '../../db/schema';
import { parseInput } from '../../http/route';
import type { Translator } from '../../i18n';
import { escapeHtml } from '../../lib/html';
import { formatChinaTime } from '../../lib/time';
import { alipaySignContent, wechatSignContent, yuanText, type SandboxGateway } from '../../providers/payments';
import type { OrderService } from '../orders/index';
import { safeRedirect } from '../../../contracts/index';
import { DEFAULT_LANGUAGE } from '../../languages';

type Trade = Selectable<SandboxTradesTable>;

const STYLE = `body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f2f4f7;color:#1c1f23}
main{max-width:520px;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 1.5rem 2rem;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:1.3rem;margin:0 0 .75rem}p.intro{color:#555;line-height:1.6;font-size:.9rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:1.25rem 0}
dt{color:#555}dd{margin:0;word-break:break-all}.amount{font-size:1.6rem;color:#b42318;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:1.5rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #c6cbd1;background:#fff;cursor:pointer}
button.primary{background:#0050c8;border-color:#0050c8;color:#fff}button.wechat{background:#05762d;border-color:#05762d;color:#fff}a{color:#0050c8}
p.result{font-size:1.1rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="${DEFAULT_LANGUAGE}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * Only a same-origin path may be a return target (never another site): the web app's one rule, normalise
 * first, then decide (`/.//evil.example` is refused, not passed on as `//evil.example`).
 */
const safePath = (path: string) => safeRedirect(path, '/orders');

export interface SandboxPaymentDeps {
  db: Kysely<DB>;
  clock: Clock;
  translator: Translator;
  alipay: SandboxGateway;
  wechat: SandboxGateway;
  orders: OrderService;
}

/**
 * The sandbox gateways' pages (APP_MODE=sandbox only): the Alipay cashier the doPay form posts to, and the
 * WeChat scan page the code URL opens. Confirming calls our notify endpoint in-process (`app.inject`, the
 * same route and checks a real gateway's HTTP call meets) with a body signed by the gateway's key. HTML
 * without script (CSP); words from the payment namespace.
 */
export function registerSandboxPaymentRoutes(app: FastifyInstance, deps: SandboxPaymentDeps): void {
  const { t } = deps.translator;
  const html = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(title, body));

  const openTrade = async (ref: string, provider: 'alipay' | 'wechat'): Promise<Trade | null> => {
    const trade = await deps.db
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('ref', '=', ref)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!trade || trade.status !== 'open' || trade.expires_at.getTime() <= deps.clock.now().getTime()) return null;
    return trade;
  };

  const facts = (trade: Trade) =>
    `<dl><dt>${t('payment:cashierOrderNo')}</dt><dd data-testid="sandbox-order-no">${escapeHtml(trade.order_no)}</dd>` +
    `<dt>${t('payment:cashierSubject')}</dt><dd>${escapeHtml(trade.subject)}</dd>` +
    `<dt>${t('payment:cashierAmount')}</dt><dd class="amount">${escapeHtml(t('payment:yuan', { money: yuanText(trade.amount) }))}</dd>` +
    `<dt>${t('payment:cashierExpire')}</dt><dd>${formatChinaTime(trade.expires_at)}</dd></dl>`;

  /** The gateway's side of a confirmation: claims the trade, calls our notify, keeps the trade open if refused. */
  const settle = async (trade: Trade, success: boolean): Promise<boolean> => {
    const claimed = await deps.db
      .updateTable('sandbox_trades')
      .set({ status: success ? 'paid' : 'failed' })
      .where('ref', '=', trade.ref)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const now = deps.clock.now();
    let accepted: boolean;
    if (trade.provider === 'alipay') {
      const params: Record<string, string> = {
        app_id: 'sandbox',
        notify_id: randomBytes(12).toString('hex'),
        notify_time: formatChinaTime(now),
        out_trade_no: trade.order_no,
        trade_no: trade.trade_no,
        total_amount: yuanText(trade.amount),
        trade_status: success ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
        gmt_payment: formatChinaTime(now),
      };
      const sign = await deps.alipay.sign(alipaySignContent(params));
      const response = await app.inject({
        method: 'POST',
        url: '/api/alipay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...params, sign_type: 'HMAC-SHA256', sign }).toString(),
      });
      accepted = response.body === 'success';
    } else {
      const body = JSON.stringify({
        id: randomBytes(12).toString('hex'),
        create_time: now.toISOString(),
        event_type: success ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
        resource: {
          out_trade_no: trade.order_no,
          transaction_id: trade.trade_no,
          trade_state: success ? 'SUCCESS' : 'PAYERROR',
          amount: { total: trade.amount, currency: 'CNY' },
          success_time: now.toISOString(),
        },
      });
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const response = await app.inject({
        method: 'POST',
        url: '/api/wxpay/notify',
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': 'sandbox',
          'wechatpay-signature': await deps.wechat.sign(wechatSignContent(timestamp, nonce, body)),
        },
        payload: body,
      });
      accepted = response.statusCode === 200;
    }
    if (!accepted) await deps.db.updateTable('sandbox_trades').set({ status: 'open' }).where('ref', '=', trade.ref).execute();
    return accepted;
  };

  // The merchant's form (from doPay) arrives here, as at Alipay's gateway: checked, then the cashier is shown.
  app.post('/sandbox/alipay/cashier', async (request, reply) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries((request.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
    const valid = fields.sign ? await deps.alipay.verify(alipaySignContent(fields), fields.sign) : false;
    if (!valid) {
      request.log.warn('sandbox cashier: bad signature');
      return html(reply, 400, t('payment:cashierTitle'), `<p class="result" role="alert">${t('payment:cashierInvalid')}</p>`);
    }
    const candidate = await deps.db
      .selectFrom('sandbox_trades')
      .select('ref')
      .where('order_no', '=', fields.out_trade_no ?? '')
      .where('provider', '=', 'alipay')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const trade = candidate ? await openTrade(candidate.ref, 'alipay') : null;
    const back = `<a href="${escapeHtml(safePath(fields.return_url ?? '/orders'))}">${t('payment:cashierBack')}</a>`;
    if (!trade || yuanText(trade.amount) !== fields.total_amount) {
      return html(reply, 400, t('payment:cashierTitle'), `<p class="result" role="alert">${t('payment:cashierClosed')}</p><p>${back}</p>`);
    }
    const body =
      `<p class="intro">${t('payment:cashierIntro')}</p>${facts(trade)}` +
      `<form method="post" action="/sandbox/alipay/cashier/pay" class="actions"><input type="hidden" name="ref" value="${escapeHtml(trade.ref)}">` +
      `<button type="submit" class="primary" name="action" value="pay">${t('payment:cashierConfirm')}</button>` +
      `<button type="submit" name="action" value="fail">${t('payment:cashierFail')}</button>` +
      `<a href="${escapeHtml(safePath(trade.return_url))}">${t('payment:cashierCancel')}</a></form>`;
    return html(reply, 200, t('payment:cashierTitle'), body);
  });

  const confirmBody = z.object({ ref: z.string().min(10).max(64), action: z.enum(['pay', 'fail']).default('pay') });
  app.post('/sandbox/alipay/cashier/pay', async (request, reply) => {
    const parsed = confirmBody.safeParse(request.body);
    const trade = parsed.success ? await openTrade(parsed.data.ref, 'alipay') : null;
    if (!parsed.success || !trade)
      return html(reply, 400, t('payment:cashierTitle'), `<p class="result" role="alert">${t('payment:cashierClosed')}</p>`);
    const success = parsed.data.action === 'pay';
    if (!(await settle(trade, success))) {
      return html(reply, 502, t('payment:cashierTitle'), `<p class="result" role="alert">${t('payment:cashierNotifyRefused')}</p>`);
    }
    // As Alipay does after a payment: back to the merchant's return_url.
    return reply.redirect(safePath(trade.return_url), 303);
  });

  const scanQuery = z.object({ pr: z.string().min(10).max(64) });
  app.get('/sandbox/wechat/scan', async (request, reply) => {
    const parsed = scanQuery.safeParse(request.query);
    const trade = parsed.success ? await openTrade(parsed.data.pr, 'wechat') : null;
    if (!trade) return html(reply, 400, t('payment:scanTitle'), `<p class="result" role="alert">${t('payment:cashierClosed')}</p>`);
    const body =
      `<p class="intro">${t('payment:scanIntro')}</p>${facts(trade)}` +
      `<form method="post" action="/sandbox/wechat/scan" class="actions"><input type="hidden" name="pr" value="${escapeHtml(trade.ref)}">` +
      `<button type="submit" class="wechat">${t('payment:scanConfirm')}</button></form>`;
    return html(reply, 200, t('payment:scanTitle'), body);
  });

  app.post('/sandbox/wechat/scan', async (request, reply) => {
    const parsed = scanQuery.safeParse(request.body);
    const trade = parsed.success ? await openTrade(parsed.data.pr, 'wechat') : null;
    if (!trade) return html(reply, 400, t('payment:scanTitle'), `<p class="result" role="alert">${t('payment:cashierClosed')}</p>`);
    if (!(await settle(trade, true))) {
      return html(reply, 502, t('payment:scanTitle'), `<p class="result" role="alert">${t('payment:cashierNotifyRefused')}</p>`);
    }
    return html(
      reply,
      200,
      t('payment:scanTitle'),
      `<p class="result" role="status" data-testid="sandbox-paid">${t('payment:scanDone')}</p>`,
    );
  });

  // Stand-ins for orders made elsewhere: by the mobile app (isApp 1) or by later domains (a capture's
  // pending consumption of a capture; a notarisation). Testers and browser tests use it; never in production.
  const orderBody = z.object({
    phone: z.string().regex(/^1\d{10}$/),
    type: z.coerce.number().int().min(1).max(3).default(1),
    points: z.coerce.number().positive().max(1_000_000),
    isApp: z.enum(['0', '1']).default('0'),
    desc: z.string().trim().min(1).max(100).default('sandbox'),
  });
  app.post('/sandbox/orders', async (request, reply) => {
    const body = parseInput(orderBody, request.body, deps.translator);
    const user = await deps.db.selectFrom('users').select('id').where('phone', '=', body.phone).executeTakeFirst();
    if (!user) return reply.status(404).send({ code: 404, msg: deps.translator.t('errors:notFound'), data: null });
    const type = body.type as 1 | 2 | 3;
    const order = await deps.orders.createPending(user.id, {
      type,
      amount: Math.round(body.points * 100),
      description: body.desc,
      isApp: body.isApp === '1',
      payType: type === 1 ? 2 : 0,
    });
    return reply.send({ code: 200, msg: deps.translator.t('server:ok'), data: { order_no: order.order_no, id: order.id } });
  });
}
