/**
 * RFC 3161 time-stamp tokens, checked with WebCrypto (browser and Node alike): the token is a CMS SignedData whose
 * content is a TSTInfo; it vouches that a given SHA-256 digest existed at `genTime`, by the word of a
 * time-stamping authority whose certificate chains to one of the trust anchors given.
 *
 * Each check names the step that failed, so a person verifying offline sees which part is wrong.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export const OID = {
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  extKeyUsage: '2.5.29.37',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha1: '1.3.14.3.2.26',
  commonName: '2.5.4.3',
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

const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const copy = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

function sameBytes(a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean {
  const x = new Uint8Array(a instanceof Uint8Array ? a : new Uint8Array(a));
  const y = new Uint8Array(b instanceof Uint8Array ? b : new Uint8Array(b));
  return x.length === y.length && x.every((value, i) => value === y[i]);
}

function commonName(name: pkijs.RelativeDistinguishedNames): string {
  const cn = name.typesAndValues.find((item) => item.type === OID.commonName);
  const value = cn?.value as { valueBlock?: { value?: unknown } } | undefined;
  return typeof value?.valueBlock?.value === 'string' ? value.valueBlock.value : '';
}

interface ParsedToken {
  signedData: pkijs.SignedData;
  tstInfo: pkijs.TSTInfo;
}

function parseToken(token: Uint8Array): ParsedToken {
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(copy(token));
    if (contentInfo.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not a CMS SignedData');
    const signedData = new pkijs.SignedData({ schema: contentInfo.content });
    if (signedData.encapContentInfo.eContentType !== OID.tstInfo) throw new Error('its content is not a TSTInfo');
    const eContent = signedData.encapContentInfo.eContent;
    if (!eContent) throw new Error('its TSTInfo is missing');
    const tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
    if (signedData.signerInfos.length !== 1) throw new Error('a token has exactly one signer');
    return { signedData, tstInfo };
  } catch (error) {
    if (error instanceof TimestampTokenError) throw error;
    throw new TimestampTokenError('token', `not an RFC 3161 time-stamp token (${(error as Error).message})`);
  }
}

/** Reads what a token states without checking it (for display before, or without, verification). */
export function readTimestampToken(token: Uint8Array): TimestampFacts {
  const { signedData, tstInfo } = parseToken(token);
  const signer = signerCertificate(signedData);
  return {
    genTime: tstInfo.genTime,
    serialNumber: toHex(tstInfo.serialNumber.valueBlock.valueHexView),
    policy: tstInfo.policy,
    imprint: toHex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView),
    authority: signer ? commonName(signer.subject) : '',
  };
}

function signerCertificate(signedData: pkijs.SignedData): pkijs.Certificate | null {
  const sid = signedData.signerInfos[0]?.sid as unknown;
  const certificates = (signedData.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find(
        (cert) =>
          cert.issuer.isEqual(sid.issuer) && sameBytes(cert.serialNumber.valueBlock.valueHexView, sid.serialNumber.valueBlock.valueHexView),
      ) ?? null
    );
  }
  return null;
}

/** RFC 3161 section 2.3: the TSA's certificate has the extended key usage timeStamping only, marked critical. */
function checkTimeStampingUsage(cert: pkijs.Certificate): void {
  const extension = cert.extensions?.find((item) => item.extnID === OID.extKeyUsage);
  if (!extension) throw new TimestampTokenError('certificate', "the signer's certificate has no extended key usage");
  if (!extension.critical) throw new TimestampTokenError('certificate', "the signer's extended key usage is not marked critical");
  const usage = extension.parsedValue as pkijs.ExtKeyUsage | undefined;
  const purposes = usage?.keyPurposes ?? [];
  if (purposes.length !== 1 || purposes[0] !== OID.timeStamping)
    throw new TimestampTokenError('certificate', "the signer's certificate is not for time-stamping only");
}

/** ESS signing-certificate attribute (RFC 2634 / RFC 5035): binds the signature to the signer's certificate. */
async function checkSigningCertificate(signedData: pkijs.SignedData, cert: pkijs.Certificate): Promise<void> {
  const attributes = signedData.signerInfos[0]?.signedAttrs?.attributes ?? [];
  const v2 = attributes.find((item) => item.type === OID.signingCertificateV2);
  const v1 = attributes.find((item) => item.type === OID.signingCertificate);
  const attribute = v2 ?? v1;
  if (!attribute) throw new TimestampTokenError('certificate', 'the signed attributes do not name the signing certificate');
  const der = cert.toSchema(true).toBER(false);
  try {
    // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), ... }; the first names the signer.
    const value = attribute.values[0] as asn1js.Sequence;
    const certs = value.valueBlock.value[0] as asn1js.Sequence;
    const first = certs.valueBlock.value[0] as asn1js.Sequence;
    const parts = first.valueBlock.value;
    let hashAlgorithm: string = v2 ? OID.sha256 : OID.sha1;
    let hashPart = parts[0];
    if (v2 && parts[0] instanceof asn1js.Sequence) {
      hashAlgorithm = new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId;
      hashPart = parts[1];
    }
    if (!(hashPart instanceof asn1js.OctetString)) throw new Error('no certificate hash');
    const name = hashAlgorithm === OID.sha256 ? 'SHA-256' : hashAlgorithm === OID.sha1 ? 'SHA-1' : null;
    if (!name) throw new Error(`unsupported hash ${hashAlgorithm}`);
    const digest = await globalThis.crypto.subtle.digest(name, der);
    if (!sameBytes(digest, hashPart.valueBlock.valueHexView)) throw new Error('mismatch');
  } catch (error) {
    throw new TimestampTokenError(
      'certificate',
      `the signing-certificate attribute does not match the signer's certificate (${(error as Error).message})`,
    );
  }
}

/**
 * The CMS signature (RFC 5652 section 5.4): the message-digest attribute is the SHA-256 of the TSTInfo, and the
 * signer's key signed the DER of the signed attributes.
 */
async function checkSignature(signedData: pkijs.SignedData, cert: pkijs.Certificate): Promise<void> {
  const signerInfo = signedData.signerInfos[0];
  const attributes = signerInfo?.signedAttrs;
  const eContent = signedData.encapContentInfo.eContent;
  if (!signerInfo || !attributes || !eContent) throw new TimestampTokenError('signature', 'the token has no signed attributes');
  if (signerInfo.digestAlgorithm.algorithmId !== OID.sha256)
    throw new TimestampTokenError('signature', 'the signature is not over SHA-256');
  const digestAttribute = attributes.attributes.find((item) => item.type === '1.2.840.113549.1.9.4');
  const declared = (digestAttribute?.values[0] as asn1js.OctetString | undefined)?.valueBlock.valueHexView;
  const actual = await globalThis.crypto.subtle.digest('SHA-256', eContent.getValue());
  if (!declared || !sameBytes(declared, actual)) throw new TimestampTokenError('signature', 'the signed digest does not match the TSTInfo');
  const engine = pkijs.getCrypto(true);
  const valid = await engine
    .verifyWithPublicKey(attributes.encodedValue, signerInfo.signature, cert.subjectPublicKeyInfo, signerInfo.signatureAlgorithm, 'SHA-256')
    .catch(() => false);
  if (!valid) throw new TimestampTokenError('signature', 'the signature does not match the token');
}

/**
 * Checks a token against the SHA-256 digest it should cover and the authority's trust anchors (DER certificates:
 * the root, and intermediates if any). Resolves to what the token states; rejects with the step that failed.
 */
export async function verifyTimestampToken(token: Uint8Array, digest: Uint8Array, trustAnchors: Uint8Array[]): Promise<TimestampFacts> {
  const { signedData, tstInfo } = parseToken(token);
  const imprint = tstInfo.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== OID.sha256)
    throw new TimestampTokenError('imprint', 'the token does not cover a SHA-256 digest');
  if (!sameBytes(imprint.hashedMessage.valueBlock.valueHexView, digest))
    throw new TimestampTokenError('imprint', 'the token covers other data');

  const cert = signerCertificate(signedData);
  if (!cert) throw new TimestampTokenError('certificate', "the token does not carry its signer's certificate");
  checkTimeStampingUsage(cert);
  await checkSigningCertificate(signedData, cert);

  let anchors: pkijs.Certificate[];
  try {
    anchors = trustAnchors.map((der) => pkijs.Certificate.fromBER(copy(der)));
  } catch {
    throw new TimestampTokenError('chain', 'a trust anchor is not a DER certificate');
  }
  await checkSignature(signedData, cert);

  const chain = new pkijs.CertificateChainValidationEngine({
    certs: [cert, ...(signedData.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate)],
    trustedCerts: anchors,
    checkDate: tstInfo.genTime,
  });
  const verdict = await chain.verify();
  if (!verdict.result) throw new TimestampTokenError('chain', `the authority's certificate is not trusted (${verdict.resultMessage})`);
  return readTimestampToken(token);
}
