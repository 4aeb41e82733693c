import { isIP } from 'node:net';
import { connect, type PeerCertificate } from 'node:tls';
import type { TlsFacts } from '../../../contracts/index';

/** `CN=example.com, O=Example` from Node's parsed distinguished name. */
function distinguishedName(name: PeerCertificate['subject'] | undefined): string {
  if (!name) return '';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : String(value)}`)
    .join(', ');
}

/**
 * The certificate a site presents, read by Node's TLS (Chromium does not hand out the fingerprint): a
 * separate handshake to the same checked address and name the capture used. The chain is not required
 * to verify (the facts say whether it did); nothing is sent after the handshake.
 */
export function readTlsFacts(address: string, port: number, servername: string, timeoutMs: number): Promise<TlsFacts | null> {
  return new Promise((resolve) => {
    const socket = connect({
      host: address,
      port,
      servername: isIP(servername) ? undefined : servername,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate();
      const authorizationError = socket.authorizationError;
      const facts: TlsFacts | null =
        cert && Object.keys(cert).length > 0
          ? {
              subject: distinguishedName(cert.subject),
              issuer: distinguishedName(cert.issuer),
              validFrom: cert.valid_from,
              validTo: cert.valid_to,
              fingerprint256: cert.fingerprint256,
              serialNumber: cert.serialNumber,
              subjectAltName: cert.subjectaltname ?? '',
              protocol: socket.getProtocol(),
              authorized: socket.authorized,
              authorizationError: authorizationError ? String(authorizationError) : null,
            }
          : null;
      socket.end();
      resolve(facts);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(null);
    });
  });
}
