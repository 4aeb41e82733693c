/**
 * RFC 3161 client: asks a time-stamping authority over HTTP (`application/timestamp-query`, section 3.4) for a token
 * over a SHA-256 digest, then checks the answer before keeping it: the status, the nonce, the digest, the signature,
 * and the chain to the configured trust anchors. A token we could not verify is never stored.
 */
import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, verifyTimestampToken, type TimestampFacts } from '../../../proof/timestamp-token/index';

export class TimestampRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimestampRequestError';
  }
}

export interface TimestampAuthority {
  /** A verified token (DER ContentInfo) over the digest, and what it states. */
  timestamp(digest: Uint8Array): Promise<{ token: Uint8Array; facts: TimestampFacts }>;
  /** The certificates that verify its tokens (DER): the root, and intermediates if any. */
  readonly trustAnchors: Uint8Array[];
}

/**
 * `size` random bytes read as a positive INTEGER whose DER form is exactly those bytes: the first byte is 0x01-0x7f.
 * A clear top bit keeps it positive; a zero first byte before one under 0x80 would be a padding that DER forbids,
 * and strict parsers (OpenSSL: "illegal padding") refuse the whole token over it, one time in 256.
 */
export function randomPositiveInteger(size: number): Uint8Array {
  const bytes = randomBytes(size);
  bytes[0] = (bytes[0] ?? 0) & 0x7f || 0x01;
  return bytes;
}

/** A fresh positive 64-bit nonce for one request (RFC 3161 section 2.4.1). */
export const newNonce = (): Uint8Array => randomPositiveInteger(8);

/** The DER TimeStampReq for a SHA-256 digest, asking for the authority's certificate in the token. */
export function timestampRequest(digest: Uint8Array, nonce: Uint8Array): Uint8Array {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: digest.slice().buffer }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce.slice().buffer }),
    certReq: true,
  });
  return new Uint8Array(request.toSchema().toBER(false));
}

/** The token of a DER TimeStampResp, after checking that it was granted and answers this nonce. */
export function tokenOfResponse(responseDer: Uint8Array, nonce: Uint8Array): Uint8Array {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(responseDer.slice().buffer);
  } catch {
    throw new TimestampRequestError('the authority did not answer with a TimeStampResp');
  }
  const status = response.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = (response.status.statusStrings ?? []).map((item) => item.valueBlock.value).join('; ');
    throw new TimestampRequestError(`the authority refused (status ${status}${text ? `: ${text}` : ''})`);
  }
  if (!response.timeStampToken) throw new TimestampRequestError('the authority granted no token');
  const signedData = new pkijs.SignedData({ schema: response.timeStampToken.content });
  const eContent = signedData.encapContentInfo.eContent;
  const tstInfo = eContent ? pkijs.TSTInfo.fromBER(eContent.getValue()) : null;
  const echoed = tstInfo?.nonce?.valueBlock.valueHexView;
  const expected = new asn1js.Integer({ valueHex: nonce.slice().buffer }).valueBlock.valueHexView;
  if (!echoed || Buffer.compare(Buffer.from(echoed), Buffer.from(expected)) !== 0)
    throw new TimestampRequestError('the token does not answer our nonce');
  return new Uint8Array(response.timeStampToken.toSchema().toBER(false));
}

/** An authority reached over HTTP(S) at `url` (TSA_URL). */
export class HttpTimestampAuthority implements TimestampAuthority {
  constructor(
    private readonly url: string,
    readonly trustAnchors: Uint8Array[],
    private readonly timeoutMs = 10_000,
  ) {}

  async timestamp(digest: Uint8Array): Promise<{ token: Uint8Array; facts: TimestampFacts }> {
    const nonce = newNonce();
    let reply: Response;
    try {
      reply = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: Buffer.from(timestampRequest(digest, nonce)),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TimestampRequestError(`the authority could not be reached (${(error as Error).message})`);
    }
    if (!reply.ok) throw new TimestampRequestError(`the authority answered HTTP ${reply.status}`);
    const token = tokenOfResponse(new Uint8Array(await reply.arrayBuffer()), nonce);
    const facts = await verifyTimestampToken(token, digest, this.trustAnchors);
    return { token, facts };
  }
}
