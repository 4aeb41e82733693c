/**
 * RFC 3161 time-stamp tokens, read with pkijs/asn1js and checked with WebCrypto through pkijs's engine (browser and
 * Node alike): the token is a CMS SignedData whose content is a TSTInfo; it vouches that a given SHA-256 digest
 * existed at `genTime`, by the word of a time-stamping authority whose certificate chains to one of the trust
 * anchors given.
 *
 * Each check names the step that failed, so a person verifying offline sees which part is wrong. pkijs's chain
 * engine does not check basic constraints, path lengths or unknown critical extensions, so the path is walked here
 * with those checks explicit; signatures (token and certificates) are pkijs's. The browser loads this module only
 * when a check runs (a dynamic import), so pkijs stays out of every first-visit chunk.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const SIGNING_CERTIFICATE = '1.2.840.113549.1.9.16.2.12';
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';
const SIGNED_DATA = '1.2.840.113549.1.7.2';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SHA1 = '1.3.14.3.2.26';
const SHA256 = '2.16.840.1.101.3.4.2.1';
const COMMON_NAME = '2.5.4.3';
const EXTENDED_KEY_USAGE = '2.5.29.37';
const BASIC_CONSTRAINTS = '2.5.29.19';
const KEY_USAGE = '2.5.29.15';
const SUBJECT_KEY_IDENTIFIER = '2.5.29.14';
const RSA_PSS = '1.2.840.113549.1.1.10';

/** Signature algorithms over SHA-1 (sha1WithRSAEncryption, ecdsa-with-SHA1, dsa-with-sha1): refused. */
const SHA1_SIGNATURES = new Set(['1.2.840.113549.1.1.5', '1.2.840.10045.4.1', '1.2.840.10040.4.3']);

/** Critical extensions this verifier understands (policies are not constrained: any policy is accepted). */
const UNDERSTOOD_CRITICAL = new Set<string>([BASIC_CONSTRAINTS, KEY_USAGE, EXTENDED_KEY_USAGE, '2.5.29.32', '2.5.29.36', '2.5.29.54']);

const HASH_NAMES: Readonly<Record<string, string>> = {
  [SHA1]: 'SHA-1',
  [SHA256]: 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/** Object identifiers of RFC 3161, CMS and X.509 (the server's client and sandbox authority use them too). */
export const OID = {
  tstInfo: TST_INFO,
  sha256: SHA256,
  extKeyUsage: EXTENDED_KEY_USAGE,
  timeStamping: TIME_STAMPING,
  signingCertificate: SIGNING_CERTIFICATE,
  signingCertificateV2: SIGNING_CERTIFICATE_V2,
  sha1: SHA1,
  commonName: COMMON_NAME,
  signedData: SIGNED_DATA,
  contentType: CONTENT_TYPE,
  messageDigest: MESSAGE_DIGEST,
} as const;

/** The parts of a verification, in order: the token's structure, the digest it covers, its signer, the signature, the chain. */
export type TimestampStep = 'token' | 'imprint' | 'certificate' | 'signature' | 'chain';

export class TimestampTokenError extends Error {
  constructor(
    readonly step: TimestampStep,
    message: string,
  ) {
    super(`${step}: ${message}`);
    this.name = 'TimestampTokenError';
  }
}

/** What a token states, read from its TSTInfo and its signer's certificate. */
export interface TimestampFacts {
  /** The time the authority vouches for (UTC). */
  genTime: Date;
  /** The token's serial number, lower-case hex. */
  serialNumber: string;
  /** The authority's policy under which it was issued (an OID). */
  policy: string;
  /** The digest the token covers (SHA-256), lower-case hex. */
  imprint: string;
  /** The signer certificate's subject common name (the authority's name), or '' when it has none. */
  authority: string;
}

interface ParsedToken {
  signedData: pkijs.SignedData;
  tstInfoBytes: Uint8Array;
  tstInfo: pkijs.TSTInfo;
  certificates: pkijs.Certificate[];
  signer: pkijs.SignerInfo;
}

const toHex = (view: Uint8Array) => Array.from(view, (b) => b.toString(16).padStart(2, '0')).join('');

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

const copy = (view: Uint8Array): ArrayBuffer => view.slice().buffer;

/** One DER value filling all of `bytes`: trailing bytes make the token another thing than the one signed. */
function readWhole(bytes: Uint8Array): asn1js.AsnType {
  const read = asn1js.fromBER(copy(bytes));
  if (read.offset === -1 || read.result.error) throw new Error(read.result.error || 'not DER');
  if (read.offset !== bytes.length) throw new Error('trailing bytes');
  return read.result;
}

function parseToken(token: Uint8Array): ParsedToken {
  try {
    const contentInfo = new pkijs.ContentInfo({ schema: readWhole(token) });
    if (contentInfo.contentType !== SIGNED_DATA) throw new Error('not SignedData');
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    const { encapContentInfo } = signedData;
    if (encapContentInfo.eContentType !== TST_INFO || !encapContentInfo.eContent) throw new Error('not a TSTInfo');
    const tstInfoBytes = new Uint8Array(encapContentInfo.eContent.getValue());
    // RFC 3161 section 2.4.2: TSTInfo ::= SEQUENCE { version, policy, messageImprint, serialNumber, genTime, ... }.
    const tstInfo = new pkijs.TSTInfo({ schema: readWhole(tstInfoBytes) });
    if (signedData.signerInfos.length !== 1) throw new Error('not one signer');
    const certificates = (signedData.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
    return { signedData, tstInfoBytes, tstInfo, certificates, signer: signedData.signerInfos[0]! };
  } catch (error) {
    throw new TimestampTokenError('token', `not an RFC 3161 token (${(error as Error).message})`);
  }
}

function extensionOf(cert: pkijs.Certificate, id: string): pkijs.Extension | undefined {
  return cert.extensions?.find((extension) => extension.extnID === id);
}

function signerCertificate({ signer, certificates }: ParsedToken): pkijs.Certificate | null {
  const sid: unknown = signer.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber)
    return certificates.find((cert) => cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber)) ?? null;
  if (sid instanceof asn1js.Primitive) {
    const keyId = sid.valueBlock.valueHexView;
    return (
      certificates.find((cert) => {
        const extension = extensionOf(cert, SUBJECT_KEY_IDENTIFIER);
        return (
          extension !== undefined &&
          extension.parsedValue instanceof asn1js.OctetString &&
          sameBytes(extension.parsedValue.valueBlock.valueHexView, keyId)
        );
      }) ?? null
    );
  }
  return null;
}

function commonNameOf(cert: pkijs.Certificate): string {
  const value = cert.subject.typesAndValues.find((item) => item.type === COMMON_NAME)?.value;
  return value && 'valueBlock' in value && typeof value.valueBlock.value === 'string' ? value.valueBlock.value : '';
}

/** Reads what a token states without checking it (for display before, or without, verification). */
export function readTimestampToken(token: Uint8Array): TimestampFacts {
  return factsOf(parseToken(token));
}

function factsOf(parsed: ParsedToken): TimestampFacts {
  const signer = signerCertificate(parsed);
  const { tstInfo } = parsed;
  return {
    genTime: tstInfo.genTime,
    serialNumber: toHex(tstInfo.serialNumber.valueBlock.valueHexView),
    policy: tstInfo.policy,
    imprint: toHex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
    authority: signer ? commonNameOf(signer) : '',
  };
}

/** RFC 3161 section 2.3: the TSA's certificate has the extended key usage timeStamping only, marked critical. */
function checkTimeStampingUsage(cert: pkijs.Certificate): void {
  const extension = extensionOf(cert, EXTENDED_KEY_USAGE);
  if (!extension) throw new TimestampTokenError('certificate', 'no extended key usage');
  if (!extension.critical) throw new TimestampTokenError('certificate', 'extended key usage not critical');
  const purposes = extension.parsedValue instanceof pkijs.ExtKeyUsage ? extension.parsedValue.keyPurposes : [];
  if (purposes.length !== 1 || purposes[0] !== TIME_STAMPING) throw new TimestampTokenError('certificate', 'not for time-stamping only');
}

function attributeValues(signer: pkijs.SignerInfo, type: string): asn1js.AsnType[] | undefined {
  const found = signer.signedAttrs?.attributes.filter((attribute) => attribute.type === type) ?? [];
  if (found.length > 1) throw new TimestampTokenError('token', 'repeated attribute');
  return found[0]?.values;
}

function itemsOf(value: asn1js.AsnType | undefined, what: string): asn1js.AsnType[] {
  if (!(value instanceof asn1js.Sequence)) throw new Error(`${what} not a SEQUENCE`);
  return value.valueBlock.value;
}

/** ESS signing-certificate attribute (RFC 2634 / RFC 5035): binds the signature to the signer's certificate. */
async function checkSigningCertificate({ signer }: ParsedToken, cert: pkijs.Certificate): Promise<void> {
  const v2 = attributeValues(signer, SIGNING_CERTIFICATE_V2);
  const attribute = v2 ?? attributeValues(signer, SIGNING_CERTIFICATE);
  if (!attribute) throw new TimestampTokenError('certificate', 'no signing-certificate attribute');
  try {
    // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), ... }; the first names the signer.
    const first = itemsOf(itemsOf(itemsOf(attribute[0], 'attribute')[0], 'certificates')[0], 'certificate');
    let hashAlgorithm: string = v2 ? SHA256 : SHA1;
    let hashPart = first[0];
    if (v2 && hashPart instanceof asn1js.Sequence) {
      hashAlgorithm = new pkijs.AlgorithmIdentifier({ schema: hashPart }).algorithmId;
      hashPart = first[1];
    }
    if (!(hashPart instanceof asn1js.OctetString)) throw new Error('no hash');
    const name = HASH_NAMES[hashAlgorithm];
    if (!name) throw new Error(`unsupported hash ${hashAlgorithm}`);
    const der = new Uint8Array(cert.toSchema().toBER());
    const digest = new Uint8Array(await globalThis.crypto.subtle.digest(name, der));
    if (!sameBytes(digest, hashPart.valueBlock.valueHexView)) throw new Error('mismatch');
  } catch (error) {
    throw new TimestampTokenError('certificate', `signing-certificate attribute: ${(error as Error).message}`);
  }
}

/** RSA-PSS names its hash in parameters, SHA-1 when they are absent. */
function usesSha1(algorithm: pkijs.AlgorithmIdentifier): boolean {
  if (SHA1_SIGNATURES.has(algorithm.algorithmId)) return true;
  if (algorithm.algorithmId !== RSA_PSS) return false;
  if (!algorithm.algorithmParams) return true;
  const params = new pkijs.RSASSAPSSParams({ schema: algorithm.algorithmParams });
  return params.hashAlgorithm.algorithmId === SHA1;
}

/**
 * The CMS signature (RFC 5652 section 5.4): the content-type attribute names the TSTInfo, the message-digest
 * attribute is the SHA-256 of the TSTInfo, and the signer's key signed the DER of the signed attributes.
 */
async function checkSignature({ signer, tstInfoBytes }: ParsedToken, cert: pkijs.Certificate): Promise<void> {
  if (!signer.signedAttrs) throw new TimestampTokenError('signature', 'no signed attributes');
  if (signer.digestAlgorithm.algorithmId !== SHA256) throw new TimestampTokenError('signature', 'not over SHA-256');
  if (usesSha1(signer.signatureAlgorithm)) throw new TimestampTokenError('signature', 'SHA-1 signature refused');
  const contentType = attributeValues(signer, CONTENT_TYPE)?.[0];
  if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== TST_INFO)
    throw new TimestampTokenError('signature', 'content type not TSTInfo');
  const declared = attributeValues(signer, MESSAGE_DIGEST)?.[0];
  const actual = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', tstInfoBytes.slice()));
  if (!(declared instanceof asn1js.OctetString) || !sameBytes(declared.valueBlock.valueHexView, actual))
    throw new TimestampTokenError('signature', 'digest mismatch');
  // The attributes as signed: their DER with the SET OF tag in place of [0].
  const signed = new Uint8Array(signer.signedAttrs.encodedValue);
  if (signed[1] === 0x80) throw new TimestampTokenError('signature', 'indefinite attributes');
  signed[0] = 0x31;
  let valid = false;
  try {
    valid = await pkijs
      .getCrypto(true)
      .verifyWithPublicKey(signed, signer.signature, cert.subjectPublicKeyInfo, signer.signatureAlgorithm, 'SHA-256');
  } catch {
    valid = false;
  }
  if (!valid) throw new TimestampTokenError('signature', 'signature mismatch');
}

class ChainError extends Error {}

function checkUsable(cert: pkijs.Certificate, at: Date): void {
  if (cert.notBefore.value > at || cert.notAfter.value < at) throw new ChainError('not valid at the time');
  for (const extension of cert.extensions ?? [])
    if (extension.critical && !UNDERSTOOD_CRITICAL.has(extension.extnID))
      throw new ChainError(`unknown critical extension ${extension.extnID}`);
}

/** An issuer of certificates: a CA by its basic constraints (required unless it is an anchor), allowed to sign certificates. */
function checkIssuer(issuer: pkijs.Certificate, anchor: boolean, below: number): void {
  const extension = extensionOf(issuer, BASIC_CONSTRAINTS);
  const constraints = extension?.parsedValue instanceof pkijs.BasicConstraints ? extension.parsedValue : undefined;
  if (extension && !constraints) throw new ChainError('bad basic constraints');
  if (constraints ? !constraints.cA : !anchor) throw new ChainError('issuer not a CA');
  const pathLength = constraints?.pathLenConstraint;
  const limit = typeof pathLength === 'number' ? pathLength : pathLength?.valueBlock.valueDec;
  if (limit !== undefined && below > limit) throw new ChainError('path length exceeded');
  const usage: unknown = extensionOf(issuer, KEY_USAGE)?.parsedValue;
  // keyCertSign is bit 5: the first content byte's 0x04.
  if (usage instanceof asn1js.BitString && ((usage.valueBlock.valueHexView[0] ?? 0) & 0x04) === 0)
    throw new ChainError('issuer lacks keyCertSign');
}

const MAX_PATH = 8;

const derOf = (cert: pkijs.Certificate) => new Uint8Array(cert.toSchema().toBER());

/**
 * The path from `leaf` to one of `anchors` through `pool` (the certificates the token carries): each certificate is
 * signed by the next (not over SHA-1), valid at `at` (anchors included), with no critical extension this verifier
 * does not know; each issuer is a CA that may sign certificates, within its path length.
 */
async function validatePath(leaf: pkijs.Certificate, pool: pkijs.Certificate[], anchors: pkijs.Certificate[], at: Date): Promise<void> {
  const anchorDer = anchors.map(derOf);
  let current = leaf;
  const seen = new Set<pkijs.Certificate>([leaf]);
  for (let depth = 0; depth < MAX_PATH; depth += 1) {
    checkUsable(current, at);
    const der = derOf(current);
    if (anchorDer.some((anchor) => sameBytes(anchor, der))) return;
    if (usesSha1(current.signatureAlgorithm)) throw new ChainError('SHA-1 signature refused');
    const candidates = [...anchors, ...pool].filter((item) => !seen.has(item) && item.subject.isEqual(current.issuer));
    let issuer: pkijs.Certificate | undefined;
    for (const candidate of candidates) {
      const signed = await current.verify(candidate).catch(() => false);
      if (signed) {
        issuer = candidate;
        break;
      }
    }
    if (!issuer) throw new ChainError('no trusted issuer');
    const anchor = anchors.includes(issuer);
    checkIssuer(issuer, anchor, depth);
    if (anchor) {
      checkUsable(issuer, at);
      return;
    }
    seen.add(issuer);
    current = issuer;
  }
  throw new ChainError('path too long');
}

/**
 * Checks a token against the SHA-256 digest it should cover and the authority's trust anchors (DER certificates:
 * the root, and intermediates if any). Resolves to what the token states; rejects with the step that failed.
 */
export async function verifyTimestampToken(token: Uint8Array, digest: Uint8Array, trustAnchors: Uint8Array[]): Promise<TimestampFacts> {
  const parsed = parseToken(token);
  const { messageImprint } = parsed.tstInfo;
  if (messageImprint.hashAlgorithm.algorithmId !== SHA256) throw new TimestampTokenError('imprint', 'not SHA-256');
  if (!sameBytes(messageImprint.hashedMessage.valueBlock.valueHexView, digest)) throw new TimestampTokenError('imprint', 'other data');

  const cert = signerCertificate(parsed);
  if (!cert) throw new TimestampTokenError('certificate', 'no signer certificate');
  checkTimeStampingUsage(cert);
  await checkSigningCertificate(parsed, cert);

  let anchors: pkijs.Certificate[];
  try {
    anchors = trustAnchors.map((der) => new pkijs.Certificate({ schema: readWhole(der) }));
  } catch {
    throw new TimestampTokenError('chain', 'bad trust anchor');
  }
  await checkSignature(parsed, cert);
  try {
    await validatePath(cert, parsed.certificates, anchors, parsed.tstInfo.genTime);
  } catch (error) {
    throw new TimestampTokenError('chain', `untrusted: ${(error as Error).message}`);
  }
  return factsOf(parsed);
}
