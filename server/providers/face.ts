import { randomBytes } from 'node:crypto';
import type { AlipayClient } from './alipay/client';

export interface FaceCheckStart {
  /** The person's name and ID card number, as entered. */
  name: string;
  idNumber: string;
}

/**
 * Face verification (authType 3): a provider starts a check for a person and gives the address the person
 * opens (shown as a QR code on the wait page); its verdict is asked for while the page polls.
 */
export interface FaceProvider {
  readonly kind: 'sandbox' | 'alipay';
  start(input: FaceCheckStart): Promise<{ certifyId: string; url: string }>;
  /** True once the person passed; false while not (yet); null when the verdict is not asked for (the sandbox decides on its page). */
  passed(certifyId: string): Promise<boolean | null>;
}

/** The sandbox face page of this site (`/sandbox/face`), where a tester passes or fails the check. */
export class SandboxFaceProvider implements FaceProvider {
  readonly kind = 'sandbox';
  constructor(private readonly publicUrl: string | undefined) {}

  start(): Promise<{ certifyId: string; url: string }> {
    const certifyId = randomBytes(16).toString('hex');
    const base = this.publicUrl?.replace(/\/$/, '') ?? '';
    return Promise.resolve({ certifyId, url: `${base}/sandbox/face?certify_id=${certifyId}` });
  }

  passed(): Promise<boolean | null> {
    return Promise.resolve(null);
  }
}

/**
 * Alipay identity verification (支付宝身份验证, biz_code FACE): `alipay.user.certify.open.initialize` with the
 * person's name and ID number, the signed `alipay.user.certify.open.certify` address shown as a QR code to
 * scan with the Alipay app, and `alipay.user.certify.open.query` for the verdict.
 */
export class AlipayFaceProvider implements FaceProvider {
  readonly kind = 'alipay';
  constructor(
    private readonly client: AlipayClient,
    /** Where Alipay returns the person after the check (the site's https address). */
    private readonly returnUrl: string,
  ) {}

  async start(input: FaceCheckStart): Promise<{ certifyId: string; url: string }> {
    // Alipay wants a unique 32-character letters-and-digits request number.
    const outerOrderNo = `FV${randomBytes(15).toString('hex')}`;
    const certifyId = await this.client.certifyInitialize({
      outerOrderNo,
      name: input.name,
      idNumber: input.idNumber,
      returnUrl: this.returnUrl,
    });
    return { certifyId, url: this.client.certifyUrl(certifyId) };
  }

  passed(certifyId: string): Promise<boolean | null> {
    return this.client.certifyPassed(certifyId);
  }
}
