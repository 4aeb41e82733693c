import { startLoopbackServer } from './loopback-server';
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { utcDay } from '../lib/time';

/**
 * A Tencent Cloud SMS (API 2021-01-11) stand-in for tests: an HTTP server on 127.0.0.1, reached as
 * `http://sms.localhost:PORT`, that checks every request as Tencent Cloud API 3.0 does: the TC3-HMAC-SHA256
 * signature recomputed here from the documented algorithm with the test's SecretKey, the timestamp within
 * 5 minutes, then SendSms's fields (SdkAppId, sign name, template ID, TemplateParamSet holding as many values as
 * the template has variables, E.164 phone numbers). Answers are API 3.0's: HTTP 200 with `Response.Error` for a
 * refused request, `SendStatusSet` per number otherwise. `failNext` makes the next valid request fail.
 */
export interface TencentSmsStandInOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** Registered templates: ID → number of variables (`{ '100001': 1 }`). */
  templates: Record<string, number>;
  region?: string;
}

export interface TencentStandInMessage {
  /** As sent, E.164 (`+8613800138000`). */
  phone: string;
  signName: string;
  templateId: string;
  params: string[];
  sdkAppId: string;
  /** Every body field name, sorted (to check nothing else, such as a text, was sent). */
  fieldNames: string[];
}

export interface TencentStandInRequest {
  action: string;
  signatureValid: boolean;
  /** Why the request was refused before its fields were read (Tencent Cloud's error code), when it was. */
  refusal?: string;
}

export interface TencentSmsStandIn {
  /** TENCENT_SMS_ENDPOINT for the test: `http://sms.localhost:PORT` (the signed service is the host's first label). */
  endpoint: string;
  messages: TencentStandInMessage[];
  /** Well-formed messages answered with the error of `failNext` (not sent). */
  refused: TencentStandInMessage[];
  requests: TencentStandInRequest[];
  /**
   * The next request that passes every check fails with this code: in the number's `SendStatusSet` entry
   * (`status`, how frequency and quota limits come) or as `Response.Error` (`error`, how template or sign
   * problems come). Default: `status` for `LimitExceeded.*`, `error` otherwise. The error's message echoes the
   * TemplateParamSet, as some provider messages echo what they refused.
   */
  failNext(code: string, where?: 'status' | 'error'): void;
  close(): Promise<void>;
}

const MAX_SKEW_SECONDS = 300;
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const headerText = (request: IncomingMessage, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value.join(',') : value) ?? '';
};

const utcDate = (seconds: number) => utcDay(new Date(seconds * 1000));

export async function startTencentSmsStandIn(options: TencentSmsStandInOptions): Promise<TencentSmsStandIn> {
  const region = options.region ?? 'ap-guangzhou';
  const messages: TencentStandInMessage[] = [];
  const refused: TencentStandInMessage[] = [];
  const requests: TencentStandInRequest[] = [];
  let nextFailure: { code: string; where: 'status' | 'error' } | undefined;

  const answer = (response: ServerResponse, body: Record<string, unknown>) => {
    const requestId = randomUUID();
    response.writeHead(200, { 'Content-Type': 'application/json', 'X-TC-RequestId': requestId });
    response.end(JSON.stringify({ Response: { ...body, RequestId: requestId } }));
  };
  const error = (response: ServerResponse, code: string, message: string) => answer(response, { Error: { Code: code, Message: message } });

  /**
   * TC3-HMAC-SHA256 as Tencent Cloud checks it; the refusal as [code, message], or undefined when it verifies.
   * CanonicalHeaders sign the host name without a port: that is what the SDK signs (its URL's hostname), and what
   * the real service, always on port 443, receives as Host.
   */
  const checkSignature = (request: IncomingMessage, body: Buffer): [string, string] | undefined => {
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        headerText(request, 'authorization'),
      );
    if (!match) return ['AuthFailure.InvalidAuthorization', 'Authorization in the request header is invalid.'];
    const [, secretId = '', date = '', service = '', signedList = '', signature = ''] = match;
    if (secretId !== options.secretId) return ['AuthFailure.SecretIdNotFound', 'The SecretId is not found.'];
    if (service !== 'sms') return ['AuthFailure.InvalidAuthorization', `The credential scope names service ${service}, not sms.`];
    const timestampText = headerText(request, 'x-tc-timestamp');
    const timestamp = Number(timestampText);
    if (!/^\d+$/.test(timestampText) || Math.abs(Date.now() / 1000 - timestamp) > MAX_SKEW_SECONDS)
      return ['AuthFailure.SignatureExpire', 'Signature expired, the timestamp is more than five minutes from the server time.'];
    if (date !== utcDate(timestamp))
      return ['AuthFailure.InvalidAuthorization', 'The credential date is not the UTC date of X-TC-Timestamp.'];
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host') || [...signed].sort().join(';') !== signedList)
      return ['AuthFailure.InvalidAuthorization', 'SignedHeaders must hold content-type and host, sorted.'];
    const value = (name: string) => (name === 'host' ? headerText(request, 'host').replace(/:\d+$/, '') : headerText(request, name));
    const canonicalHeaders = signed.map((name) => `${name}:${value(name).trim().toLowerCase()}\n`).join('');
    const url = request.url ?? '/';
    const [path = '/', query = ''] = url.split('?');
    const canonicalRequest = [request.method ?? '', path, query, canonicalHeaders, signedList, sha256Hex(body)].join('\n');
    const stringToSign = ['TC3-HMAC-SHA256', timestampText, `${date}/${service}/tc3_request`, sha256Hex(canonicalRequest)].join('\n');
    const signingKey = hmac(hmac(hmac(`TC3${options.secretKey}`, date), service), 'tc3_request');
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.'];
    return undefined;
  };

  const sendSms = (response: ServerResponse, payload: Record<string, unknown>) => {
    const { PhoneNumberSet: phones, SmsSdkAppId: sdkAppId, SignName: signName, TemplateId: templateId, TemplateParamSet: params } = payload;
    if (!Array.isArray(phones) || phones.length === 0 || typeof sdkAppId !== 'string' || typeof templateId !== 'string')
      return error(response, 'MissingParameter', 'PhoneNumberSet, SmsSdkAppId and TemplateId are required.');
    if (sdkAppId !== options.sdkAppId) return error(response, 'InvalidParameterValue.SdkAppIdNotExist', 'The SdkAppId does not exist.');
    if (signName !== options.signName)
      return error(response, 'FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is not approved or its format is wrong.');
    const count = options.templates[templateId];
    if (count === undefined)
      return error(response, 'FailedOperation.TemplateIncorrectOrUnapproved', 'The template is not approved or does not match.');
    const values = params === undefined ? [] : params;
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string') || values.length !== count)
      return error(
        response,
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        'The parameters do not match the approved template.',
      );
    const failure = nextFailure;
    nextFailure = undefined;
    const echo = `refused by the stand-in: ${JSON.stringify(values)}`;
    const message = (phone: string) => ({
      phone,
      signName,
      templateId,
      params: values as string[],
      sdkAppId,
      fieldNames: Object.keys(payload).sort(),
    });
    if (failure?.where === 'error') {
      for (const phone of phones) refused.push(message(String(phone)));
      return error(response, failure.code, echo);
    }
    const statuses = phones.map((phone: unknown) => {
      const number = typeof phone === 'string' ? phone : '';
      const base = { SerialNo: `2640:${randomUUID()}`, PhoneNumber: number, Fee: 0, SessionContext: '', IsoCode: 'CN' };
      if (!/^\+861[3-9]\d{9}$/.test(number))
        return { ...base, Code: 'InvalidParameterValue.IncorrectPhoneNumber', Message: 'incorrect phone number' };
      if (failure) {
        refused.push(message(number));
        return { ...base, Code: failure.code, Message: echo };
      }
      messages.push(message(number));
      return { ...base, Fee: 1, Code: 'Ok', Message: 'send success' };
    });
    return answer(response, { SendStatusSet: statuses });
  };

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const action = headerText(request, 'x-tc-action');
    const refusal = checkSignature(request, body);
    requests.push({ action, signatureValid: refusal === undefined, ...(refusal ? { refusal: refusal[0] } : {}) });
    if (refusal) return error(response, ...refusal);
    if (action !== 'SendSms') return error(response, 'InvalidAction', `The action ${action} does not exist.`);
    if (headerText(request, 'x-tc-version') !== '2021-01-11') return error(response, 'NoSuchVersion', 'The API version does not exist.');
    if (headerText(request, 'x-tc-region') !== region) return error(response, 'InvalidParameterValue', `The region must be ${region}.`);
    if (request.method !== 'POST' || !headerText(request, 'content-type').startsWith('application/json'))
      return error(response, 'InvalidParameter', 'A POST with a JSON body is expected.');
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return error(response, 'InvalidParameter', 'The body is not JSON.');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return error(response, 'InvalidParameter', 'The body is not an object.');
    return sendSms(response, payload as Record<string, unknown>);
  };

  const server = await startLoopbackServer(route);

  return {
    endpoint: `http://sms.localhost:${new URL(server.origin).port}`,
    messages,
    refused,
    requests,
    failNext(code, where) {
      nextFailure = { code, where: where ?? (code.startsWith('LimitExceeded.') ? 'status' : 'error') };
    },
    close: () => server.close(),
  };
}
