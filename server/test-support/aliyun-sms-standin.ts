import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An Aliyun SMS (dysmsapi 2017-05-25) stand-in for tests: an HTTP server on 127.0.0.1 that checks every request as
 * Aliyun's gateway does with the V3 signature (ACS3-HMAC-SHA256, recomputed here from the documented algorithm
 * with the test's AccessKey secret, not with the SDK's code), then SendSms's fields: sign name, template code,
 * TemplateParam JSON holding exactly the template's variables, phone number. Accepted messages are recorded;
 * `failNext` makes the next valid request answer a given Aliyun error.
 */
export interface AliyunSmsStandInOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Registered templates: code → its variable names (`{ SMS_100001: ['code'] }`). */
  templates: Record<string, readonly string[]>;
}

export interface AliyunStandInMessage {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  /** Every request parameter name, sorted (to check nothing else, such as a text, was sent). */
  parameterNames: string[];
}

export interface AliyunStandInRequest {
  action: string;
  signatureValid: boolean;
  /** Why the signature was refused (Aliyun's error code), when it was. */
  refusal?: string;
}

export interface AliyunSmsStandIn {
  /** ALIYUN_SMS_ENDPOINT for the test: `http://127.0.0.1:PORT`. */
  endpoint: string;
  messages: AliyunStandInMessage[];
  /** Well-formed messages answered with the error of `failNext` (not sent). */
  refused: AliyunStandInMessage[];
  requests: AliyunStandInRequest[];
  /**
   * The next well-formed, correctly signed SendSms answers this business error (HTTP 200, `Code` ≠ OK). `{params}`
   * in the message is replaced by the request's TemplateParam, as some provider messages echo what they refused.
   */
  failNext(code: string, message?: string): void;
  close(): Promise<void>;
}

const ALGORITHM = 'ACS3-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60_000;
/** The headers Aliyun requires to be signed with V3 (and every other x-acs-* header sent). */
const REQUIRED_SIGNED = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'];

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 percent-encoding as the V3 canonical query string wants it (space %20, `*` %2A, `~` kept). */
const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Query pairs decoded from the raw query string, then sorted by name and re-encoded (V3 CanonicalQueryString). */
function canonicalQuery(rawQuery: string): { canonical: string; params: Map<string, string> } {
  const pairs = rawQuery === '' ? [] : [...new URLSearchParams(rawQuery)];
  const params = new Map(pairs);
  const canonical = pairs
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return { canonical, params };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const headerText = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

export async function startAliyunSmsStandIn(options: AliyunSmsStandInOptions): Promise<AliyunSmsStandIn> {
  const messages: AliyunStandInMessage[] = [];
  const refused: AliyunStandInMessage[] = [];
  const requests: AliyunStandInRequest[] = [];
  const usedNonces = new Set<string>();
  let nextFailure: { code: string; message: string } | undefined;

  const answer = (response: ServerResponse, status: number, body: Record<string, unknown>) => {
    const json = JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body });
    response.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' });
    response.end(json);
  };
  /** Aliyun's gateway errors: HTTP 4xx with Code, Message, HostId, Recommend. */
  const gatewayError = (response: ServerResponse, status: number, code: string, message: string) =>
    answer(response, status, {
      HostId: 'dysmsapi.aliyuncs.com',
      Code: code,
      Message: message,
      Recommend: `https://api.aliyun.com/troubleshoot?q=${code}`,
    });
  /** SendSms's business errors: HTTP 200 with another Code than OK. */
  const businessError = (response: ServerResponse, code: string, message: string) =>
    answer(response, 200, { Code: code, Message: message });

  /** The V3 signature check; the refusal as [HTTP status, Aliyun code, message], or undefined when it verifies. */
  const checkSignature = (request: IncomingMessage, rawQuery: string, body: Buffer): [number, string, string] | undefined => {
    const authorization = headerText(request, 'authorization') ?? '';
    const match = /^ACS3-HMAC-SHA256 Credential=([^,\s]+),SignedHeaders=([^,\s]+),Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!match) return [400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.'];
    const [, credential = '', signedList = '', signature = ''] = match;
    if (credential !== options.accessKeyId) return [404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.'];
    const signed = signedList.split(';');
    const sentAcs = Object.keys(request.headers).filter((h) => h.startsWith('x-acs-'));
    const sorted = [...signed].sort().join(';') === signedList;
    if (!sorted || REQUIRED_SIGNED.some((h) => !signed.includes(h)) || sentAcs.some((h) => !signed.includes(h)))
      return [400, 'IncompleteSignature', 'SignedHeaders must list host and every x-acs- header, sorted.'];
    if (headerText(request, 'x-acs-content-sha256') !== sha256Hex(body))
      return [400, 'ContentSHA256NotMatched', 'The x-acs-content-sha256 header does not match the body.'];
    const date = Date.parse(headerText(request, 'x-acs-date') ?? '');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(headerText(request, 'x-acs-date') ?? '') || Number.isNaN(date))
      return [400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.'];
    if (Math.abs(Date.now() - date) > MAX_SKEW_MS)
      return [400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.'];
    const nonce = headerText(request, 'x-acs-signature-nonce') ?? '';
    if (nonce === '' || usedNonces.has(nonce)) return [400, 'SignatureNonceUsed', 'Specified signature nonce was used already.'];

    const canonicalHeaders = signed.map((name) => `${name}:${(headerText(request, name) ?? '').trim()}\n`).join('');
    const canonicalRequest = [
      request.method ?? '',
      '/',
      canonicalQuery(rawQuery).canonical,
      canonicalHeaders,
      signedList,
      headerText(request, 'x-acs-content-sha256') ?? '',
    ].join('\n');
    const stringToSign = `${ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac('sha256', options.accessKeySecret).update(stringToSign).digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return [400, 'SignatureDoesNotMatch', `Specified signature does not match our calculation. server string to sign is:${stringToSign}`];
    usedNonces.add(nonce);
    return undefined;
  };

  const sendSms = (response: ServerResponse, params: Map<string, string>) => {
    const phone = params.get('PhoneNumbers') ?? '';
    const signName = params.get('SignName') ?? '';
    const templateCode = params.get('TemplateCode') ?? '';
    const templateParam = params.get('TemplateParam');
    if (phone === '' || signName === '' || templateCode === '')
      return gatewayError(response, 400, 'MissingParameter', 'PhoneNumbers, SignName and TemplateCode are mandatory for this action.');
    if (!/^(?:(?:\+|00)?86)?1[3-9]\d{9}$/.test(phone)) return businessError(response, 'isv.MOBILE_NUMBER_ILLEGAL', 'invalid mobile number');
    if (signName !== options.signName)
      return businessError(response, 'isv.SMS_SIGNATURE_ILLEGAL', 'the sign name is not found or not approved');
    const variables = options.templates[templateCode];
    if (!variables) return businessError(response, 'isv.SMS_TEMPLATE_ILLEGAL', 'the template is not found or not approved');
    let values: unknown;
    try {
      values = JSON.parse(templateParam ?? '{}');
    } catch {
      return businessError(response, 'isv.INVALID_JSON_PARAM', 'TemplateParam is not valid JSON');
    }
    if (typeof values !== 'object' || values === null || Array.isArray(values))
      return businessError(response, 'isv.INVALID_JSON_PARAM', 'TemplateParam must be a JSON object');
    const given = values as Record<string, unknown>;
    if (variables.some((name) => typeof given[name] !== 'string' || given[name] === ''))
      return businessError(response, 'isv.TEMPLATE_MISSING_PARAMETERS', 'a template variable has no value');
    if (Object.keys(given).some((name) => !variables.includes(name)))
      return businessError(response, 'isv.TEMPLATE_PARAMS_ILLEGAL', 'TemplateParam names a variable the template does not have');
    const message = { phone, signName, templateCode, params: given as Record<string, string>, parameterNames: [...params.keys()].sort() };
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = undefined;
      refused.push(message);
      return businessError(response, failure.code, failure.message.replace('{params}', templateParam ?? ''));
    }
    messages.push(message);
    return answer(response, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  };

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const rawQuery = (request.url ?? '').includes('?') ? (request.url ?? '').slice((request.url ?? '').indexOf('?') + 1) : '';
    const action = headerText(request, 'x-acs-action') ?? '';
    const refusal = checkSignature(request, rawQuery, body);
    requests.push({ action, signatureValid: refusal === undefined, ...(refusal ? { refusal: refusal[1] } : {}) });
    if (refusal) return gatewayError(response, ...refusal);
    if (url.pathname !== '/') return gatewayError(response, 404, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (action !== 'SendSms' || headerText(request, 'x-acs-version') !== '2017-05-25')
      return gatewayError(response, 404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    if (request.method !== 'POST' && request.method !== 'GET') return gatewayError(response, 400, 'UnsupportedHTTPMethod', 'method');
    // RPC style: the parameters come in the query string, or form-encoded in the body.
    const params = canonicalQuery(rawQuery).params;
    if ((headerText(request, 'content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
      for (const [k, v] of new URLSearchParams(body.toString('utf8'))) params.set(k, v);
    return sendSms(response, params);
  };

  const server = createServer((request, response) => {
    route(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    messages,
    refused,
    requests,
    failNext(code, message = 'refused by the stand-in') {
      nextFailure = { code, message };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
