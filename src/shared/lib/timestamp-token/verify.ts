/**
 * RFC 3161 time-stamp tokens, checked with WebCrypto (browser and Node alike): the token is a CMS SignedData whose
 * content is a TSTInfo; it vouches that a given SHA-256 digest existed at `genTime`, by the word of a
 * time-stamping authority whose certificate chains to one of the trust anchors given.
 *
 * Each check names the step that failed, so a person verifying offline sees which part is wrong. The reading is our
 * own (`der.ts`, `certificate.ts`: a few KB, where pkijs was 82 KB gzipped on the explorer's first visit).
 */
import {
  algorithmOf,
  COMMON_NAME,
  commonNameOf,
  EXTENDED_KEY_USAGE,
  SUBJECT_KEY_IDENTIFIER,
  HASH_NAMES,
  SHA1,
  SHA256,
  readCertificate,
  validatePath,
  verifySignature,
  type Certificate,
} from './certificate';
import {
  child,
  expectTag,
  GENERALIZED_TIME,
  INTEGER,
  OBJECT_ID,
  OCTET_STRING,
  octetsOf,
  oidOf,
  parseDer,
  sameBytes,
  SEQUENCE,
  SET,
  timeOf,
  toHex,
  type Asn1,
} from './der';

const TST_INFO = '1.2.840.113549.1.9.16.1.4';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
const SIGNING_CERTIFICATE = '1.2.840.113549.1.9.16.2.12';
const SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

const SIGNED_DATA = '1.2.840.113549.1.7.2';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

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

interface SignerInfo {
  /** IssuerAndSerialNumber (issuer DER, serial) or a subject key identifier. */
  sid: { issuer: Uint8Array; serialNumber: Uint8Array } | { keyId: Uint8Array };
  digestAlgorithm: string;
  /** The signed attributes as signed: the DER of a SET OF Attribute. */
  signedAttributes: Uint8Array | null;
  attributes: Map<string, Asn1[]>;
  signatureAlgorithm: ReturnType<typeof algorithmOf>;
  signature: Uint8Array;
}

interface ParsedToken {
  tstInfo: Uint8Array;
  certificates: Certificate[];
  signer: SignerInfo;
  genTime: Date;
  serialNumber: Uint8Array;
  policy: string;
  imprintAlgorithm: string;
  imprint: Uint8Array;
}

function readSignerInfo(value: Asn1): SignerInfo {
  expectTag(value, SEQUENCE, 'a signer');
  const [, sid, digestAlgorithm, ...rest] = value.items;
  if (!sid || !digestAlgorithm) throw new Error('signer incomplete');
  const signed = rest[0]?.tag === 0xa0 ? rest.shift() : undefined;
  const attributes = new Map<string, Asn1[]>();
  for (const attribute of signed?.items ?? []) {
    const type = oidOf(child(attribute, 0, OBJECT_ID, 'attribute'));
    if (attributes.has(type)) throw new Error('repeated attribute');
    attributes.set(type, child(attribute, 1, SET, 'values').items);
  }
  let signedAttributes: Uint8Array | null = null;
  if (signed) {
    // RFC 5652 section 5.4: the signature covers the attributes' DER with the SET OF tag in place of [0].
    if (signed.bytes[1] === 0x80) throw new Error('indefinite attributes');
    signedAttributes = signed.bytes.slice();
    signedAttributes[0] = SET;
  }
  const signatureAlgorithm = algorithmOf(expectTag(rest[0], SEQUENCE, 'algorithm'));
  const signature = expectTag(rest[1], OCTET_STRING, 'signature').content;
  return {
    sid:
      sid.tag === 0x80
        ? { keyId: sid.content }
        : { issuer: child(sid, 0, SEQUENCE, 'issuer').bytes, serialNumber: child(sid, 1, INTEGER, 'serial').content },
    digestAlgorithm: algorithmOf(digestAlgorithm).oid,
    signedAttributes,
    attributes,
    signatureAlgorithm,
    signature,
  };
}

function parseToken(token: Uint8Array): ParsedToken {
  try {
    const contentInfo = parseDer(token);
    if (oidOf(child(contentInfo, 0, OBJECT_ID, 'content type')) !== SIGNED_DATA) throw new Error('not SignedData');
    const signedData = child(child(contentInfo, 1, 0xa0, 'content'), 0, SEQUENCE, 'SignedData');
    const encapsulated = child(signedData, 2, SEQUENCE, 'content');
    if (oidOf(child(encapsulated, 0, OBJECT_ID, 'content type')) !== TST_INFO) throw new Error('not a TSTInfo');
    const explicit = encapsulated.items[1];
    if (explicit?.tag !== 0xa0 || !explicit.items[0]) throw new Error('no TSTInfo');
    const tstInfo = octetsOf(explicit.items[0]);
    const optional = signedData.items.slice(3, -1);
    const certificates = (optional.find((item) => item.tag === 0xa0)?.items ?? [])
      .filter((item) => item.tag === SEQUENCE)
      .map((item) => readCertificate(item));
    const signers = expectTag(signedData.items[signedData.items.length - 1], SET, 'signers').items;
    if (signers.length !== 1) throw new Error('not one signer');
    // TSTInfo ::= SEQUENCE { version, policy, messageImprint, serialNumber, genTime, ... } (RFC 3161 section 2.4.2).
    const info = parseDer(tstInfo);
    expectTag(info, SEQUENCE, 'TSTInfo');
    const messageImprint = child(info, 2, SEQUENCE, 'imprint');
    return {
      tstInfo,
      certificates,
      signer: readSignerInfo(signers[0]!),
      policy: oidOf(child(info, 1, OBJECT_ID, 'policy')),
      imprintAlgorithm: algorithmOf(child(messageImprint, 0, SEQUENCE, 'imprint algorithm')).oid,
      imprint: child(messageImprint, 1, OCTET_STRING, 'imprint').content,
      serialNumber: child(info, 3, INTEGER, 'serial').content,
      genTime: timeOf(child(info, 4, GENERALIZED_TIME, 'time')),
    };
  } catch (error) {
    throw new TimestampTokenError('token', `not an RFC 3161 token (${(error as Error).message})`);
  }
}

function signerCertificate({ signer, certificates }: ParsedToken): Certificate | null {
  const { sid } = signer;
  if ('keyId' in sid) {
    return (
      certificates.find((cert) => {
        const extension = cert.extensions.get(SUBJECT_KEY_IDENTIFIER);
        return extension !== undefined && sameBytes(parseDer(extension.value).content, sid.keyId);
      }) ?? null
    );
  }
  return certificates.find((cert) => sameBytes(cert.issuer, sid.issuer) && sameBytes(cert.serialNumber, sid.serialNumber)) ?? null;
}

/** Reads what a token states without checking it (for display before, or without, verification). */
export function readTimestampToken(token: Uint8Array): TimestampFacts {
  return factsOf(parseToken(token));
}

function factsOf(parsed: ParsedToken): TimestampFacts {
  const signer = signerCertificate(parsed);
  return {
    genTime: parsed.genTime,
    serialNumber: toHex(parsed.serialNumber),
    policy: parsed.policy,
    imprint: toHex(parsed.imprint),
    authority: signer ? commonNameOf(signer) : '',
  };
}

/** RFC 3161 section 2.3: the TSA's certificate has the extended key usage timeStamping only, marked critical. */
function checkTimeStampingUsage(cert: Certificate): void {
  const extension = cert.extensions.get(EXTENDED_KEY_USAGE);
  if (!extension) throw new TimestampTokenError('certificate', 'no extended key usage');
  if (!extension.critical) throw new TimestampTokenError('certificate', 'extended key usage not critical');
  let purposes: string[] = [];
  try {
    purposes = parseDer(extension.value).items.map(oidOf);
  } catch {
    purposes = [];
  }
  if (purposes.length !== 1 || purposes[0] !== TIME_STAMPING) throw new TimestampTokenError('certificate', 'not for time-stamping only');
}

/** ESS signing-certificate attribute (RFC 2634 / RFC 5035): binds the signature to the signer's certificate. */
async function checkSigningCertificate({ signer }: ParsedToken, cert: Certificate): Promise<void> {
  const v2 = signer.attributes.get(SIGNING_CERTIFICATE_V2);
  const attribute = v2 ?? signer.attributes.get(SIGNING_CERTIFICATE);
  if (!attribute) throw new TimestampTokenError('certificate', 'no signing-certificate attribute');
  try {
    // SigningCertificate(V2) ::= SEQUENCE { certs SEQUENCE OF ESSCertID(v2), ... }; the first names the signer.
    const first = child(child(expectTag(attribute[0], SEQUENCE, 'attribute'), 0, SEQUENCE, 'certificates'), 0, SEQUENCE, 'certificate');
    let hashAlgorithm: string = v2 ? SHA256 : SHA1;
    let hashPart = first.items[0];
    if (v2 && hashPart?.tag === SEQUENCE) {
      hashAlgorithm = algorithmOf(hashPart).oid;
      hashPart = first.items[1];
    }
    const expected = expectTag(hashPart, OCTET_STRING, 'hash').content;
    const name = hashAlgorithm === SHA1 ? 'SHA-1' : HASH_NAMES[hashAlgorithm];
    if (!name) throw new Error(`unsupported hash ${hashAlgorithm}`);
    const digest = new Uint8Array(await globalThis.crypto.subtle.digest(name, cert.der.slice()));
    if (!sameBytes(digest, expected)) throw new Error('mismatch');
  } catch (error) {
    throw new TimestampTokenError('certificate', `signing-certificate attribute: ${(error as Error).message}`);
  }
}

/**
 * The CMS signature (RFC 5652 section 5.4): the content-type attribute names the TSTInfo, the message-digest
 * attribute is the SHA-256 of the TSTInfo, and the signer's key signed the DER of the signed attributes.
 */
async function checkSignature({ signer, tstInfo }: ParsedToken, cert: Certificate): Promise<void> {
  if (!signer.signedAttributes) throw new TimestampTokenError('signature', 'no signed attributes');
  if (signer.digestAlgorithm !== SHA256) throw new TimestampTokenError('signature', 'not over SHA-256');
  const contentType = signer.attributes.get(CONTENT_TYPE)?.[0];
  if (!contentType || contentType.tag !== OBJECT_ID || oidOf(contentType) !== TST_INFO)
    throw new TimestampTokenError('signature', 'content type not TSTInfo');
  const declared = signer.attributes.get(MESSAGE_DIGEST)?.[0];
  const actual = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', tstInfo.slice()));
  if (declared?.tag !== OCTET_STRING || !sameBytes(declared.content, actual)) throw new TimestampTokenError('signature', 'digest mismatch');
  const valid = await verifySignature(cert.publicKeyInfo, signer.signatureAlgorithm, signer.signedAttributes, signer.signature, 'SHA-256');
  if (!valid) throw new TimestampTokenError('signature', 'signature mismatch');
}

/**
 * Checks a token against the SHA-256 digest it should cover and the authority's trust anchors (DER certificates:
 * the root, and intermediates if any). Resolves to what the token states; rejects with the step that failed.
 */
export async function verifyTimestampToken(token: Uint8Array, digest: Uint8Array, trustAnchors: Uint8Array[]): Promise<TimestampFacts> {
  const parsed = parseToken(token);
  if (parsed.imprintAlgorithm !== SHA256) throw new TimestampTokenError('imprint', 'not SHA-256');
  if (!sameBytes(parsed.imprint, digest)) throw new TimestampTokenError('imprint', 'other data');

  const cert = signerCertificate(parsed);
  if (!cert) throw new TimestampTokenError('certificate', 'no signer certificate');
  checkTimeStampingUsage(cert);
  await checkSigningCertificate(parsed, cert);

  let anchors: Certificate[];
  try {
    anchors = trustAnchors.map((der) => readCertificate(der));
  } catch {
    throw new TimestampTokenError('chain', 'bad trust anchor');
  }
  await checkSignature(parsed, cert);
  try {
    await validatePath(cert, parsed.certificates, anchors, parsed.genTime);
  } catch (error) {
    throw new TimestampTokenError('chain', `untrusted: ${(error as Error).message}`);
  }
  return factsOf(parsed);
}
