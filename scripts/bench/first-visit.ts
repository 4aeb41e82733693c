import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { randomPhone, register } from './lib/account';
import { HttpClient } from './lib/http';
import { REPO_ROOT, startApiServer } from './lib/processes';
import { kb, table } from './lib/report';
import type { BenchContext, BenchSection } from './lib/runner';

/** Public routes measured on a first visit; a new public page is one more line here. */
export const PUBLIC_ROUTES: readonly string[] = [
  '/login',
  '/register',
  '/forgetpwd',
  '/home',
  '/404',
  '/queryAuthentication',
  '/helpCenter',
  '/appDownload',
  '/clause',
  '/user-agreement',
  '/privacy',
  '/privacy-list',
  // The error path: a certificate number that does not exist shows the error toast.
  '/attestation/BQ00000000000000000',
];

/**
 * Public routes measured again for an English browser (`Accept-Language: en-US`): the server sends their English
 * pages (server/http/page-language.ts), whose copy chunks differ from the default language's.
 */
export const ENGLISH_ROUTES: readonly string[] = ['/home', '/login'];

/** Login-required routes, measured after signing in; skipped while the route shows the 404 page. */
export const SIGNED_IN_ROUTES: readonly string[] = [
  '/setting',
  '/attestation-all/data',
  '/attestation-all/app',
  '/attestation-all/data/download',
  '/newAccessCard',
  '/organization-kyc',
  '/personage-kyc',
  '/personage-face-kyc',
  '/kyc-info',
  '/person-info',
  '/orders',
  '/buyCredits',
  '/weChat/R0',
  '/address',
  '/notary',
  '/evidences-all/web',
  '/signature',
  '/invoice',
];

/**
 * Public pages of one preserved record, measured anonymously like the others; the bench preserves a
 * small file first. `{no}`, `{chainhash}` and `{token}` are the record's number, chain hash and mobile view token.
 */
export const RECORD_PUBLIC_ROUTES: readonly string[] = ['/attestation/{no}', '/explorer/{chainhash}', '/mobile/attestation/{no}/{token}'];

/** Preserves a small file as the signed-in user and returns what the record routes need. */
export async function preserveSample(base: string, token: string): Promise<Record<'no' | 'chainhash' | 'token', string>> {
  const headers = { Authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('label', 'bench');
  form.append('file', new Blob([`bench sample ${Date.now()}`], { type: 'text/plain' }), 'bench.txt');
  const upload = (await (await fetch(`${base}/api/data/upload`, { method: 'POST', headers, body: form })).json()) as {
    data: { baoquan: string; chainhash: string };
  };
  const view = (await (await fetch(`${base}/api/check/viewToken?no=${upload.data.baoquan}`, { headers })).json()) as {
    data: { viewToken: string };
  };
  await waitForTimestamp(base, upload.data.chainhash);
  return { no: upload.data.baoquan, chainhash: upload.data.chainhash, token: view.data.viewToken };
}

/**
 * Waits (up to 30 s) until the record's checkpoint has its RFC 3161 token, so that the explorer's visit includes the
 * token's verification, as every visit after the first minutes of a record does.
 */
async function waitForTimestamp(base: string, chainhash: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const proof = (await (await fetch(`${base}/api/chain/proof?chainhash=${encodeURIComponent(chainhash)}`)).json()) as {
      data?: { timestamped?: unknown };
    };
    if (proof.data?.timestamped) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.warn('the record has no time-stamp token after 30 s: the explorer is measured without its verification');
}

/** The budgets with the whole stack in place (DESIGN.md section 9), in KiB of gzipped bodies. */
const BUDGET = {
  public: { js: 200, aimJs: 200, css: 30 },
  signedIn: { js: 350 },
} as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chunks a page asks for only to run a check once its data has arrived, after it is interactive: the budget leaves
 * them out of the first visit ("loaded when the check runs") and the table prints them apart. The explorer imports
 * `timestamp-token` (pkijs) in `verifyTimeFx`, which starts after three API answers (src/pages/explorer/model).
 */
const LOADED_FOR_A_CHECK = [/\/assets\/timestamp-token-[\w-]+\.js$/];

const forACheck = (asset: Asset) => LOADED_FOR_A_CHECK.some((pattern) => pattern.test(new URL(asset.url).pathname));

/** Quiet time that ends a visit (see visit()). */
const QUIET_MS = 2_000;

interface Asset {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
}

interface Visit {
  assets: Asset[];
  finalPath: string;
  notFound: boolean;
  /** The page's Content-Language: the language the server chose for the visit. */
  language: string | undefined;
}

export const WEB_INDEX = join(REPO_ROOT, 'dist/web/index.html');

export async function buildWebApp(): Promise<void> {
  console.log('building the web app (vite build)...');
  const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed:\n${output.join('').split('\n').slice(-25).join('\n')}`);
}

function kindOf(response: Response): Asset['kind'] | null {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  return null;
}

/**
 * One first visit in a fresh context (empty cache): every JS and CSS response until the network is idle. `locale`
 * is the browser's language (its Accept-Language), Chinese unless a row says otherwise: Chromium's own (en-US)
 * would be sent the English pages.
 */
async function visit(browser: Browser, url: string, token?: string, locale = 'zh-CN'): Promise<Visit> {
  const context = await browser.newContext({ locale });
  try {
    if (token) await context.addInitScript((value) => localStorage.setItem('Authorization', value), token);
    const page = await context.newPage();
    const pending: Promise<Asset | null>[] = [];
    // Network idle alone ends too early on a loaded machine: parsing the entry can take longer than its 500 ms
    // of quiet, before the route's lazy chunks are even asked for. The visit ends after QUIET_MS without requests.
    let inFlight = 0;
    let lastActivity = Date.now();
    page.on('request', () => {
      inFlight++;
      lastActivity = Date.now();
    });
    const settled = () => {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', (response) => {
      const kind = kindOf(response);
      if (!kind || response.status() !== 200) return;
      pending.push(
        response.body().then(
          (body) => ({ url: response.url(), kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => null,
        ),
      );
    });
    const answer = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    if (!answer?.ok()) throw new Error(`${url}: HTTP ${answer?.status() ?? 'no answer'}`);
    const deadline = Date.now() + 30_000;
    while ((inFlight > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) await page.waitForTimeout(100);
    const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
    const unique = [...new Map(assets.map((asset) => [asset.url, asset])).values()];
    const notFound = (await page.locator('#not-found-title').count()) > 0;
    return { assets: unique, finalPath: new URL(page.url()).pathname, notFound, language: answer.headers()['content-language'] };
  } finally {
    await context.close();
  }
}

/** `BENCH_FILES=1`: each visit's files with their gzipped size, largest first (where a page's weight comes from). */
function listFiles(route: string, assets: readonly Asset[]): void {
  if (!process.env.BENCH_FILES) return;
  const files = [...assets].sort((a, b) => b.gzip - a.gzip).map((a) => `${kb(a.gzip)} ${new URL(a.url).pathname}`);
  console.log(`${route}:\n  ${files.join('\n  ')}`);
}

function totals(assets: readonly Asset[], kind: Asset['kind']) {
  const picked = assets.filter((asset) => asset.kind === kind);
  return { files: picked.length, gzip: picked.reduce((sum, a) => sum + a.gzip, 0), raw: picked.reduce((sum, a) => sum + a.raw, 0) };
}

function row(route: string, assets: readonly Asset[], jsBudget: number, cssBudget: number | null, aimJs: number | null): string[] {
  const js = totals(assets, 'js');
  const css = totals(assets, 'css');
  const over: string[] = [];
  if (js.gzip / 1024 > jsBudget) over.push(`JS > ${jsBudget} KB`);
  if (cssBudget !== null && css.gzip / 1024 > cssBudget) over.push(`CSS > ${cssBudget} KB`);
  let verdict = over.length > 0 ? `OVER BUDGET: ${over.join(', ')}` : 'ok';
  if (over.length === 0 && aimJs !== null && js.gzip / 1024 > aimJs) verdict = `ok (JS above the ${aimJs} KB aim)`;
  return [
    route,
    String(js.files),
    kb(js.gzip),
    kb(js.raw),
    String(css.files),
    kb(css.gzip),
    kb(css.raw),
    `${jsBudget}${cssBudget === null ? '' : ` / ${cssBudget}`}`,
    verdict,
  ];
}

async function firstVisits(ctx: BenchContext): Promise<void> {
  if (ctx.forceBuild || !existsSync(WEB_INDEX)) await buildWebApp();
  const base = await startApiServer(ctx);

  // Playwright's own signal handlers would exit the process before the runner's clean-up has run.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  ctx.defer(() => browser.close());

  const header = ['route', 'JS files', 'JS KB gz', 'JS KB raw', 'CSS files', 'CSS KB gz', 'CSS KB raw', 'budget KB', 'verdict'];
  const rows: string[][] = [];
  const seen = new Map<string, Asset>();
  for (const route of PUBLIC_ROUTES) {
    const result = await visit(browser, `${base}${route}`);
    result.assets.forEach((asset) => seen.set(asset.url, asset));
    rows.push(row(route, result.assets, BUDGET.public.js, BUDGET.public.css, BUDGET.public.aimJs));
    listFiles(route, result.assets);
  }

  const skipped: string[] = [];
  for (const route of ENGLISH_ROUTES) {
    const result = await visit(browser, `${base}${route}`, undefined, 'en-US');
    if (result.language !== 'en') {
      skipped.push(`${route} (en) (the page came in ${result.language ?? 'no named language'}: English is not built)`);
      continue;
    }
    result.assets.forEach((asset) => seen.set(asset.url, asset));
    rows.push(row(`${route} (en)`, result.assets, BUDGET.public.js, BUDGET.public.css, BUDGET.public.aimJs));
    listFiles(`${route} (en)`, result.assets);
  }

  const checks: string[] = [];
  let heaviest: { route: string; js: number } | null = null;
  if (SIGNED_IN_ROUTES.length > 0 || RECORD_PUBLIC_ROUTES.length > 0) {
    const api = new HttpClient(base, 2);
    const { token } = await register(api, randomPhone(), 'bench2024pw').finally(() => api.close());
    if (RECORD_PUBLIC_ROUTES.length > 0) {
      const record = await preserveSample(base, token);
      for (const template of RECORD_PUBLIC_ROUTES) {
        const route = template.replace(/\{(no|chainhash|token)\}/g, (_, key: 'no' | 'chainhash' | 'token') =>
          encodeURIComponent(record[key]),
        );
        const result = await visit(browser, `${base}${route}`);
        result.assets.forEach((asset) => seen.set(asset.url, asset));
        const first = result.assets.filter((asset) => !forACheck(asset));
        for (const later of result.assets.filter(forACheck))
          checks.push(`${template}: ${new URL(later.url).pathname} ${kb(later.gzip)} KB gz`);
        rows.push(row(template, first, BUDGET.public.js, BUDGET.public.css, BUDGET.public.aimJs));
        listFiles(template, result.assets);
      }
    }
    for (const route of SIGNED_IN_ROUTES) {
      const result = await visit(browser, `${base}${route}`, token);
      if (result.notFound || result.finalPath !== route) {
        skipped.push(`${route} (${result.notFound ? 'shows the 404 page: not built yet' : `went to ${result.finalPath}`})`);
        continue;
      }
      result.assets.forEach((asset) => seen.set(asset.url, asset));
      rows.push(row(`${route} (signed in)`, result.assets, BUDGET.signedIn.js, null, null));
      const js = totals(result.assets, 'js').gzip;
      if (!heaviest || js > heaviest.js) heaviest = { route, js };
    }
  }

  console.log('gzip -9 of every JS/CSS body of a first visit (empty cache) until network idle; KB = 1024 bytes');
  console.log(
    `budgets: public page JS <= ${BUDGET.public.js} KB (aim ${BUDGET.public.aimJs}), CSS <= ${BUDGET.public.css} KB; signed-in page JS <= ${BUDGET.signedIn.js} KB`,
  );
  console.log(table(header, rows));
  if (skipped.length > 0) console.log(`skipped: ${skipped.join('; ')}`);
  if (checks.length > 0) console.log(`loaded afterwards for a check, not in the rows above: ${checks.join('; ')}`);
  const publicJs = rows.filter((r) => !r[0]!.endsWith('(signed in)')).map((r) => ({ route: r[0]!, js: Number(r[2]) }));
  const worstPublic = publicJs.sort((a, b) => b.js - a.js)[0];
  if (worstPublic) {
    const verdict = worstPublic.js <= BUDGET.public.js ? 'ok' : 'OVER TARGET';
    console.log(
      `heaviest public first visit: ${worstPublic.route} ${worstPublic.js.toFixed(1)} KB JS gz (target <= ${BUDGET.public.js} KB): ${verdict}`,
    );
  }
  if (heaviest) {
    const js = heaviest.js / 1024;
    const verdict = js <= BUDGET.signedIn.js ? 'ok' : 'OVER TARGET';
    console.log(
      `heaviest signed-in first visit: ${heaviest.route} ${js.toFixed(1)} KB JS gz (target <= ${BUDGET.signedIn.js} KB): ${verdict}`,
    );
  }

  const largest = [...seen.values()].sort((a, b) => b.gzip - a.gzip).slice(0, 6);
  console.log('largest files (KB gz):');
  for (const asset of largest) console.log(`  ${kb(asset.gzip).padStart(6)}  ${new URL(asset.url).pathname}`);
}

export const firstVisitSection: BenchSection = {
  id: 'first-visit',
  title: 'First-visit weight per route (JS and CSS, gzipped)',
  run: firstVisits,
};
