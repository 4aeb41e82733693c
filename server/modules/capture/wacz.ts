import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CDXIndexer, WARCRecord, WARCSerializer } from 'warcio';
import { ZipFile } from 'yazl';
import type { Header, RecordedExchange } from './network-log';

/** The WACZ version followed (https://specs.webrecorder.net/wacz/1.1.1/). */
export const WACZ_VERSION = '1.1.1';
const WARC_VERSION = 'WARC/1.1';
export const WARC_NAME = 'data.warc.gz';
/** What the archive says made it (warcinfo record and datapackage.json). */
const SOFTWARE = 'evidence-capture (warcio.js)';

export interface WaczPage {
  url: string;
  title: string;
  /** When the capture began (RFC 3339): the page's `ts`. */
  ts: string;
}

export interface WaczInput {
  page: WaczPage;
  exchanges: RecordedExchange[];
  screenshot: Buffer;
  /** When the archive is made. */
  created: Date;
}

const sha256 = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const recordId = () => `<urn:uuid:${randomUUID()}>`;

/** The request line's target: path and query of the address (what a browser sends to an origin server). */
function requestTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname || '/'}${parsed.search}`;
}

/** Drops HTTP/2 pseudo-headers (":status" ...), which have no place in an HTTP/1.1-style record. */
const plain = (headers: Header[]) => headers.filter(([name]) => !name.startsWith(':'));

async function serialize(record: WARCRecord): Promise<Buffer> {
  return Buffer.from(await WARCSerializer.serialize(record, { gzip: true }));
}

/** The request record of one exchange, and its response record (when an answer came), linked to each other. */
async function exchangeRecords(exchange: RecordedExchange): Promise<Buffer[]> {
  const date = exchange.at.toISOString();
  const responseId = recordId();
  const requestId = recordId();
  const records: Buffer[] = [];
  const { response } = exchange;
  if (response) {
    const warcHeaders: [string, string][] = [
      ['WARC-Record-ID', responseId],
      ['WARC-Concurrent-To', requestId],
    ];
    if (response.truncated) warcHeaders.push(['WARC-Truncated', response.truncated]);
    if (response.fullLength !== null) warcHeaders.push(['WARC-Recorded-Full-Length', String(response.fullLength)]);
    const httpHeaders: Header[] = [...plain(response.headers), ['Content-Length', String(response.body.length)]];
    records.push(
      await serialize(
        WARCRecord.create(
          {
            url: exchange.url,
            date,
            type: 'response',
            warcVersion: WARC_VERSION,
            statusline: `HTTP/1.1 ${response.status} ${response.statusText}`.trimEnd(),
            httpHeaders,
            warcHeaders,
          },
          [response.body],
        ),
      ),
    );
  }
  const requestHeaders = plain(exchange.requestHeaders);
  if (!requestHeaders.some(([name]) => name.toLowerCase() === 'host')) requestHeaders.unshift(['Host', new URL(exchange.url).host]);
  const warcHeaders: [string, string][] = [['WARC-Record-ID', requestId]];
  if (response) warcHeaders.push(['WARC-Concurrent-To', responseId]);
  // No answer came: the browser's reason, so the record says why there is no response.
  if (exchange.failure) warcHeaders.push(['WARC-Capture-Failure', exchange.failure.slice(0, 200)]);
  records.push(
    await serialize(
      WARCRecord.create(
        {
          url: exchange.url,
          date,
          type: 'request',
          warcVersion: WARC_VERSION,
          statusline: `${exchange.method} ${requestTarget(exchange.url)} HTTP/1.1`,
          httpHeaders: requestHeaders,
          warcHeaders,
        },
        exchange.requestBody ? [exchange.requestBody] : [],
      ),
    ),
  );
  return records;
}

/**
 * The WARC file: a warcinfo record, then for each exchange its response and request records (request bodies and
 * response bodies as the browser had them), then the screenshot as a `resource` record at `urn:view:<page>` (as
 * browser-based crawlers store it). Each record is gzipped on its own, so the index can point into the file.
 */
export async function buildWarc(input: WaczInput): Promise<Buffer> {
  const records: Buffer[] = [];
  const info = WARCRecord.createWARCInfo(
    { filename: WARC_NAME, warcVersion: WARC_VERSION, date: input.created.toISOString() },
    { software: SOFTWARE, format: 'WARC File Format 1.1', isPartOf: 'evidence capture' },
  );
  records.push(await serialize(info));
  for (const exchange of input.exchanges) records.push(...(await exchangeRecords(exchange)));
  records.push(
    await serialize(
      WARCRecord.create(
        {
          url: `urn:view:${input.page.url}`,
          date: input.page.ts,
          type: 'resource',
          warcVersion: WARC_VERSION,
          warcHeaders: [
            ['WARC-Record-ID', recordId()],
            ['Content-Type', 'image/png'],
          ],
        },
        [input.screenshot],
      ),
    ),
  );
  return Buffer.concat(records);
}

/** The CDXJ index of the WARC (warcio's indexer: response and resource records), lines sorted as CDXJ requires. */
export async function buildIndex(warc: Buffer): Promise<Buffer> {
  const indexer = new CDXIndexer({ format: 'cdxj' });
  const lines: string[] = [];
  for await (const entry of indexer.iterIndex([{ filename: WARC_NAME, reader: Readable.from([warc]) }])) {
    lines.push(indexer.serialize(entry as Record<string, unknown>));
  }
  lines.sort();
  return Buffer.from(lines.join(''), 'utf8');
}

/** pages/pages.jsonl: the header line, then the one captured page. */
function pagesJsonl(page: WaczPage): Buffer {
  const lines = [
    { format: 'json-pages-1.0', id: 'pages', title: 'All Pages' },
    { id: createHash('sha256').update(`${page.url} ${page.ts}`).digest('hex').slice(0, 32), url: page.url, ts: page.ts, title: page.title },
  ];
  return Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), 'utf8');
}

/**
 * The WACZ (1.1.1) of one capture: `archive/data.warc.gz`, `indexes/index.cdx`, `pages/pages.jsonl`, the
 * screenshot, `datapackage.json` (every file's path, SHA-256 and size, the main page) and
 * `datapackage-digest.json` (the SHA-256 of datapackage.json). The WARC is stored, not deflated again, so players
 * can read records by offset; the rest is deflated. Fixed entry times keep equal inputs byte-equal.
 */
export async function buildWacz(input: WaczInput): Promise<Buffer> {
  const warc = await buildWarc(input);
  const files: { path: string; bytes: Buffer; compress: boolean }[] = [
    { path: `archive/${WARC_NAME}`, bytes: warc, compress: false },
    { path: 'indexes/index.cdx', bytes: await buildIndex(warc), compress: true },
    { path: 'pages/pages.jsonl', bytes: pagesJsonl(input.page), compress: true },
    { path: 'screenshot.png', bytes: input.screenshot, compress: false },
  ];
  const datapackage = {
    profile: 'data-package',
    wacz_version: WACZ_VERSION,
    title: input.page.title || input.page.url,
    created: input.created.toISOString(),
    software: SOFTWARE,
    mainPageUrl: input.page.url,
    mainPageDate: input.page.ts,
    resources: files.map((f) => ({
      name: f.path.slice(f.path.lastIndexOf('/') + 1),
      path: f.path,
      hash: sha256(f.bytes),
      bytes: f.bytes.length,
    })),
  };
  const datapackageBytes = Buffer.from(`${JSON.stringify(datapackage, null, 2)}\n`, 'utf8');
  const digest = Buffer.from(`${JSON.stringify({ path: 'datapackage.json', hash: sha256(datapackageBytes) }, null, 2)}\n`, 'utf8');
  const zip = new ZipFile();
  const mtime = input.created;
  for (const file of files) zip.addBuffer(file.bytes, file.path, { mtime, compress: file.compress });
  zip.addBuffer(datapackageBytes, 'datapackage.json', { mtime, compress: true });
  zip.addBuffer(digest, 'datapackage-digest.json', { mtime, compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
