/**
 * The sandbox time-stamping authority: issues real RFC 3161 tokens (TimeStampResp, CMS SignedData over a TSTInfo,
 * ESS signing-certificate-v2 attribute) signed with its own ECDSA P-256 key, whose certificate chains to the
 * sandbox root and carries the critical extended key usage timeStamping. The same verification code checks its
 * tokens and a real authority's; `openssl ts -verify` accepts them.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID } from '../../../proof/timestamp-token/index';
import { randomPositiveInteger } from './client';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const subtle = globalThis.crypto.subtle;

/** What the authority is made of, kept so that its certificates (and the tokens they sign) stay the same across restarts. */
export interface AuthorityMaterial {
  /** The signing key, PKCS #8 DER, base64. */
  privateKey: string;
  /** The authority's certificate, then the root's, DER, base64. */
  certificates: string[];
  /** The policy OID written into each token. */
  policy: string;
}

const der = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const base64 = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64');

function name(commonName: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.6', value: new asn1js.PrintableString({ value: 'CN' }) }),
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.10', value: new asn1js.Utf8String({ value: 'Evidence Platform Sandbox' }) }),
      new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value: commonName }) }),
    ],
  });
}

function positiveSerial(): asn1js.Integer {
  return new asn1js.Integer({ valueHex: randomPositiveInteger(16) });
}

interface CertificateSpec {
  subject: string;
  issuer: pkijs.RelativeDistinguishedNames | null;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  ca: boolean;
}

async function makeCertificate(spec: CertificateSpec): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = positiveSerial();
  cert.subject = name(spec.subject);
  cert.issuer = spec.issuer ?? name(spec.subject);
  // A sandbox's certificates are valid across any clock a test or a demonstration sets.
  cert.notBefore.value = new Date('2000-01-01T00:00:00Z');
  cert.notAfter.value = new Date(spec.ca ? '2049-12-31T23:59:59Z' : '2049-06-30T23:59:59Z');
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([spec.ca ? 0x06 : 0xc0]).buffer, unusedBits: spec.ca ? 1 : 6 });
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: spec.ca }).toSchema().toBER(false),
    }),
    // CA: keyCertSign and cRLSign; the authority: digitalSignature and nonRepudiation.
    new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: keyUsage.toBER(false) }),
  ];
  if (!spec.ca) {
    cert.extensions.push(
      new pkijs.Extension({
        extnID: OID.extKeyUsage,
        critical: true,
        extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema().toBER(false),
      }),
    );
  }
  await cert.subjectPublicKeyInfo.importKey(spec.publicKey);
  await cert.sign(spec.signingKey, 'SHA-256');
  return cert;
}

/** The sandbox's policy OID, under the arc X.660 reserves for examples (2.999): no real authority uses it. */
export const SANDBOX_POLICY = '2.999.3161.1';

/** A new sandbox root and authority (keys and certificates). */
export async function createAuthorityMaterial(): Promise<AuthorityMaterial> {
  const root = await subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const tsa = await subtle.generateKey(ECDSA, true, ['sign', 'verify']);
  const rootCert = await makeCertificate({
    subject: 'Evidence Platform Sandbox Root CA',
    issuer: null,
    publicKey: root.publicKey,
    signingKey: root.privateKey,
    ca: true,
  });
  const tsaCert = await makeCertificate({
    subject: 'Evidence Platform Sandbox TSA',
    issuer: rootCert.subject,
    publicKey: tsa.publicKey,
    signingKey: root.privateKey,
    ca: false,
  });
  return {
    privateKey: base64(await subtle.exportKey('pkcs8', tsa.privateKey)),
    certificates: [tsaCert, rootCert].map((cert) => base64(cert.toSchema(true).toBER(false))),
    policy: SANDBOX_POLICY,
  };
}

/** Why a request was refused, as RFC 3161's PKIFailureInfo bits. */
const FAILURE = { badAlg: 0, badRequest: 2, badDataFormat: 5 } as const;

function rejection(bit: number, text: string): Uint8Array {
  const bits = new Uint8Array(4);
  bits[bit >> 3] = 0x80 >> (bit & 7);
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({
      status: pkijs.PKIStatus.rejection,
      statusStrings: [new asn1js.Utf8String({ value: text })],
      failInfo: new asn1js.BitString({ valueHex: bits.slice(0, (bit >> 3) + 1).buffer, unusedBits: 7 - (bit & 7) }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER(false));
}

export class SandboxAuthority {
  private constructor(
    private readonly key: CryptoKey,
    private readonly certificate: pkijs.Certificate,
    private readonly certificateDer: Uint8Array,
    /** The certificates a verifier trusts: the root. */
    readonly trustAnchors: Uint8Array[],
    private readonly policy: string,
    private readonly clock: { now(): Date },
  ) {}

  static async load(material: AuthorityMaterial, clock: { now(): Date } = { now: () => new Date() }): Promise<SandboxAuthority> {
    const key = await subtle.importKey('pkcs8', der(material.privateKey), ECDSA, false, ['sign']);
    const [own, ...chain] = material.certificates.map(der);
    if (!own || chain.length === 0) throw new Error('the sandbox authority needs its certificate and the root');
    const certificate = pkijs.Certificate.fromBER(own.slice().buffer);
    return new SandboxAuthority(key, certificate, own, chain, material.policy, clock);
  }

  /** Answers a DER TimeStampReq with a DER TimeStampResp: a token when the request is sound, else a rejection. */
  async respond(requestDer: Uint8Array): Promise<Uint8Array> {
    let request: pkijs.TimeStampReq;
    try {
      request = pkijs.TimeStampReq.fromBER(requestDer.slice().buffer);
    } catch {
      return rejection(FAILURE.badDataFormat, 'not a TimeStampReq');
    }
    if (request.version !== 1) return rejection(FAILURE.badRequest, 'version must be 1');
    if (request.messageImprint.hashAlgorithm.algorithmId !== OID.sha256) return rejection(FAILURE.badAlg, 'SHA-256 only');
    if (request.messageImprint.hashedMessage.valueBlock.valueHexView.length !== 32) return rejection(FAILURE.badDataFormat, 'bad digest');
    if (request.reqPolicy !== undefined && request.reqPolicy !== this.policy) return rejection(FAILURE.badRequest, 'unknown policy');
    return this.#grant(request);
  }

  async #grant(request: pkijs.TimeStampReq): Promise<Uint8Array> {
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: this.policy,
      messageImprint: request.messageImprint,
      serialNumber: positiveSerial(),
      genTime: this.clock.now(),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const content = tstInfo.toSchema().toBER(false);
    const contentDigest = await subtle.digest('SHA-256', content);
    const certHash = await subtle.digest('SHA-256', this.certificateDer.slice());
    const signerInfo = new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: this.certificate.issuer, serialNumber: this.certificate.serialNumber }),
      signedAttrs: new pkijs.SignedAndUnsignedAttributes({
        type: 0,
        attributes: [
          new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
          new pkijs.Attribute({ type: '1.2.840.113549.1.9.4', values: [new asn1js.OctetString({ valueHex: contentDigest })] }),
          // SigningCertificateV2 { certs: [ ESSCertIDv2 { certHash } ] } (hash algorithm: the default, SHA-256).
          new pkijs.Attribute({
            type: OID.signingCertificateV2,
            values: [
              new asn1js.Sequence({
                value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: certHash })] })] })],
              }),
            ],
          }),
        ],
      }),
    });
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: content }),
      }),
      signerInfos: [signerInfo],
      ...(request.certReq ? { certificates: [this.certificate] } : {}),
    });
    await signedData.sign(this.key, 0, 'SHA-256');
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) }),
    });
    return new Uint8Array(response.toSchema().toBER(false));
  }
}
