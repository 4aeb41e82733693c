/**
 * X.509 certificates as RFC 3161 verification needs them (RFC 5280): their fields, their signatures checked with
 * WebCrypto, and the path from a signer's certificate to a trust anchor.
 */
import { bitFlags, bitStringBytes, child, expectTag, oidOf, parseDer, sameBytes, stringOf, timeOf, type Asn1 } from './der';
import { BIT_STRING, BOOLEAN, INTEGER, OBJECT_ID, OCTET_STRING, SEQUENCE } from './der';

export const SHA1 = '1.3.14.3.2.26';
export const SHA256 = '2.16.840.1.101.3.4.2.1';
export const SHA384 = '2.16.840.1.101.3.4.2.2';
export const SHA512 = '2.16.840.1.101.3.4.2.3';
export const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
export const RSA_PSS = '1.2.840.113549.1.1.10';
export const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
export const SHA384_WITH_RSA = '1.2.840.113549.1.1.12';
export const SHA512_WITH_RSA = '1.2.840.113549.1.1.13';
export const EC_PUBLIC_KEY = '1.2.840.10045.2.1';
export const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
export const ECDSA_WITH_SHA384 = '1.2.840.10045.4.3.3';
export const ECDSA_WITH_SHA512 = '1.2.840.10045.4.3.4';
export const ED25519 = '1.3.101.112';

const BASIC_CONSTRAINTS = '2.5.29.19';
const KEY_USAGE = '2.5.29.15';
export const EXTENDED_KEY_USAGE = '2.5.29.37';
const CERTIFICATE_POLICIES = '2.5.29.32';
const POLICY_CONSTRAINTS = '2.5.29.36';
const INHIBIT_ANY_POLICY = '2.5.29.54';
export const SUBJECT_KEY_IDENTIFIER = '2.5.29.14';

/** Critical extensions this reader understands (policies are not constrained: any policy is accepted, as pkijs's default). */
const UNDERSTOOD_CRITICAL = new Set<string>([
  BASIC_CONSTRAINTS,
  KEY_USAGE,
  EXTENDED_KEY_USAGE,
  CERTIFICATE_POLICIES,
  POLICY_CONSTRAINTS,
  INHIBIT_ANY_POLICY,
]);

export const COMMON_NAME = '2.5.4.3';

/** Hash names WebCrypto knows, by digest algorithm OID. SHA-1 is refused for signatures. */
export const HASH_NAMES: Readonly<Record<string, string>> = {
  [SHA256]: 'SHA-256',
  [SHA384]: 'SHA-384',
  [SHA512]: 'SHA-512',
};

export interface AlgorithmId {
  oid: string;
  params: Asn1 | undefined;
}

export interface Extension {
  critical: boolean;
  value: Uint8Array;
}

export interface Certificate {
  der: Uint8Array;
  tbs: Uint8Array;
  signatureAlgorithm: AlgorithmId;
  signature: Uint8Array;
  serialNumber: Uint8Array;
  issuer: Uint8Array;
  subject: Asn1;
  notBefore: Date;
  notAfter: Date;
  publicKeyInfo: Asn1;
  extensions: Map<string, Extension>;
}

export function algorithmOf(value: Asn1): AlgorithmId {
  expectTag(value, SEQUENCE, 'algorithm');
  return { oid: oidOf(child(value, 0, OBJECT_ID, 'algorithm')), params: value.items[1] };
}

function readExtensions(list: Asn1 | undefined): Map<string, Extension> {
  const extensions = new Map<string, Extension>();
  for (const item of list ? child(list, 0, SEQUENCE, 'extensions').items : []) {
    const id = oidOf(child(item, 0, OBJECT_ID, 'an extension'));
    const critical = item.items[1]?.tag === BOOLEAN ? item.items[1].content[0] !== 0 : false;
    const value = expectTag(item.items[item.items.length - 1], OCTET_STRING, 'extension').content;
    if (extensions.has(id)) throw new Error('repeated extension');
    extensions.set(id, { critical, value });
  }
  return extensions;
}

/** Reads a DER certificate; throws on anything that is not one. */
export function readCertificate(source: Asn1 | Uint8Array): Certificate {
  const value = source instanceof Uint8Array ? parseDer(source) : source;
  expectTag(value, SEQUENCE, 'certificate');
  const tbs = child(value, 0, SEQUENCE, 'tbs');
  const signatureAlgorithm = algorithmOf(child(value, 1, SEQUENCE, 'algorithm'));
  const signature = bitStringBytes(child(value, 2, BIT_STRING, 'signature'));
  const fields = tbs.items[0]?.tag === 0xa0 ? tbs.items.slice(1) : tbs.items;
  const innerAlgorithm = expectTag(fields[1], SEQUENCE, 'algorithm');
  if (!sameBytes(innerAlgorithm.bytes, child(value, 1, SEQUENCE, 'algorithm').bytes)) throw new Error('algorithms differ');
  const validity = expectTag(fields[3], SEQUENCE, 'validity');
  return {
    der: value.bytes,
    tbs: tbs.bytes,
    signatureAlgorithm,
    signature,
    serialNumber: expectTag(fields[0], INTEGER, 'serial').content,
    issuer: expectTag(fields[2], SEQUENCE, 'issuer').bytes,
    notBefore: timeOf(validity.items[0]),
    notAfter: timeOf(validity.items[1]),
    subject: expectTag(fields[4], SEQUENCE, 'subject'),
    publicKeyInfo: expectTag(fields[5], SEQUENCE, 'key'),
    extensions: readExtensions(fields.find((item) => item.tag === 0xa3)),
  };
}

/** The subject's common name, or '' when it has none. */
export function commonNameOf(certificate: Certificate): string {
  for (const set of certificate.subject.items) {
    for (const pair of set.items) {
      if (pair.items[0] && oidOf(pair.items[0]) === COMMON_NAME && pair.items[1]) return stringOf(pair.items[1]);
    }
  }
  return '';
}

/** A small non-negative INTEGER (a salt or path length). */
function smallInteger(value: Asn1): number {
  expectTag(value, INTEGER, 'integer');
  if (value.content.length > 4 || (value.content[0] ?? 0) & 0x80) throw new Error('integer range');
  return value.content.reduce((sum, b) => sum * 256 + b, 0);
}

const CURVES: Readonly<Record<string, { name: string; size: number }>> = {
  '1.2.840.10045.3.1.7': { name: 'P-256', size: 32 },
  '1.3.132.0.34': { name: 'P-384', size: 48 },
  '1.3.132.0.35': { name: 'P-521', size: 66 },
};

/** ECDSA's DER signature (SEQUENCE of r and s) as WebCrypto's r || s of the curve's size. */
function ecdsaRaw(signature: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const pair = parseDer(signature);
  const raw = new Uint8Array(size * 2);
  [0, 1].forEach((index) => {
    let number = child(pair, index, INTEGER, 'ECDSA').content;
    while (number.length > size && number[0] === 0) number = number.subarray(1);
    if (number.length > size) throw new Error('ECDSA length');
    raw.set(number, size * (index + 1) - number.length);
  });
  return raw;
}

/** RSASSA-PSS parameters (RFC 4055): the hash (MGF1 must use the same, as WebCrypto does) and the salt length. */
function pssParams(params: Asn1 | undefined): { hash: string; saltLength: number } {
  let hash = SHA1 as string;
  let saltLength = 20;
  for (const field of params?.items ?? []) {
    const inner = field.items[0];
    if (!inner) continue;
    if (field.tag === 0xa0) hash = algorithmOf(inner).oid;
    if (field.tag === 0xa1 && algorithmOf(inner.items[1] ?? inner).oid !== hash) throw new Error('MGF1 hash');
    if (field.tag === 0xa2) saltLength = smallInteger(inner);
  }
  const name = HASH_NAMES[hash];
  if (!name) throw new Error('PSS hash');
  return { hash: name, saltLength };
}

/**
 * Checks `signature` over `data` by the key of `publicKeyInfo` with `algorithm` (RSA PKCS #1 v1.5 or PSS, ECDSA on
 * the NIST curves, Ed25519). `digest` names the hash when the algorithm does not (CMS's rsaEncryption). False on
 * any mismatch or unsupported algorithm.
 */
export async function verifySignature(
  publicKeyInfo: Asn1,
  algorithm: AlgorithmId,
  data: Uint8Array,
  signature: Uint8Array,
  digest?: string,
): Promise<boolean> {
  try {
    const keyAlgorithm = algorithmOf(child(publicKeyInfo, 0, SEQUENCE, 'key algorithm'));
    const rsaHashes: Record<string, string | undefined> = {
      [SHA256_WITH_RSA]: 'SHA-256',
      [SHA384_WITH_RSA]: 'SHA-384',
      [SHA512_WITH_RSA]: 'SHA-512',
      [RSA_ENCRYPTION]: digest,
    };
    const ecHashes: Record<string, string> = {
      [ECDSA_WITH_SHA256]: 'SHA-256',
      [ECDSA_WITH_SHA384]: 'SHA-384',
      [ECDSA_WITH_SHA512]: 'SHA-512',
    };
    let importAs: RsaHashedImportParams | EcKeyImportParams | Algorithm;
    let verifyAs: AlgorithmIdentifier | RsaPssParams | EcdsaParams;
    let signatureBytes: Uint8Array<ArrayBuffer> = signature.slice();
    if (keyAlgorithm.oid === RSA_ENCRYPTION && algorithm.oid === RSA_PSS) {
      const { hash, saltLength } = pssParams(algorithm.params);
      importAs = { name: 'RSA-PSS', hash };
      verifyAs = { name: 'RSA-PSS', saltLength };
    } else if (keyAlgorithm.oid === RSA_ENCRYPTION && rsaHashes[algorithm.oid]) {
      importAs = { name: 'RSASSA-PKCS1-v1_5', hash: rsaHashes[algorithm.oid]! };
      verifyAs = { name: 'RSASSA-PKCS1-v1_5' };
    } else if (keyAlgorithm.oid === EC_PUBLIC_KEY && ecHashes[algorithm.oid] && keyAlgorithm.params) {
      const curve = CURVES[oidOf(keyAlgorithm.params)];
      if (!curve) return false;
      importAs = { name: 'ECDSA', namedCurve: curve.name };
      verifyAs = { name: 'ECDSA', hash: ecHashes[algorithm.oid]! };
      signatureBytes = ecdsaRaw(signature, curve.size);
    } else if (keyAlgorithm.oid === ED25519 && algorithm.oid === ED25519) {
      importAs = { name: 'Ed25519' };
      verifyAs = { name: 'Ed25519' };
    } else return false;
    const subtle = globalThis.crypto.subtle;
    const key = await subtle.importKey('spki', publicKeyInfo.bytes.slice(), importAs, false, ['verify']);
    return await subtle.verify(verifyAs, key, signatureBytes, data.slice());
  } catch {
    return false;
  }
}

function basicConstraints(certificate: Certificate): { ca: boolean; pathLength: number | null } | null {
  const extension = certificate.extensions.get(BASIC_CONSTRAINTS);
  if (!extension) return null;
  const fields = parseDer(extension.value).items;
  const ca = fields[0]?.tag === BOOLEAN && fields[0].content[0] !== 0;
  const length = fields.find((item) => item.tag === INTEGER);
  return { ca, pathLength: length ? smallInteger(length) : null };
}

/** Why a path is refused, for the error message. */
export class ChainError extends Error {}

function checkUsable(certificate: Certificate, at: Date): void {
  if (certificate.notBefore > at || certificate.notAfter < at) throw new ChainError('not valid at the time');
  for (const [id, extension] of certificate.extensions)
    if (extension.critical && !UNDERSTOOD_CRITICAL.has(id)) throw new ChainError(`unknown critical extension ${id}`);
}

/** An issuer of certificates: a CA by its basic constraints (required unless it is an anchor), allowed to sign certificates. */
function checkIssuer(issuer: Certificate, anchor: boolean, below: number): void {
  const constraints = basicConstraints(issuer);
  if (constraints ? !constraints.ca : !anchor) throw new ChainError('issuer not a CA');
  if (constraints?.pathLength != null && below > constraints.pathLength) throw new ChainError('path length exceeded');
  const usage = issuer.extensions.get(KEY_USAGE);
  if (usage && (bitFlags(parseDer(usage.value)) & 0x04) === 0) throw new ChainError('issuer lacks keyCertSign');
}

const MAX_PATH = 8;

/**
 * The path from `leaf` to one of `anchors` through `pool` (the certificates the token carries): each certificate is
 * signed by the next, valid at `at` (anchors included), with no critical extension this reader does not know; each
 * issuer is a CA that may sign certificates, within its path length.
 */
export async function validatePath(leaf: Certificate, pool: Certificate[], anchors: Certificate[], at: Date): Promise<void> {
  let current = leaf;
  const seen = new Set<Certificate>([leaf]);
  for (let depth = 0; depth < MAX_PATH; depth += 1) {
    checkUsable(current, at);
    if (anchors.some((anchor) => sameBytes(anchor.der, current.der))) return;
    const candidates = [...anchors, ...pool].filter((item) => !seen.has(item) && sameBytes(item.subject.bytes, current.issuer));
    let issuer: Certificate | undefined;
    for (const candidate of candidates) {
      if (await verifySignature(candidate.publicKeyInfo, current.signatureAlgorithm, current.tbs, current.signature)) {
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
