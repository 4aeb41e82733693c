import { createAuthorityMaterial, SandboxAuthority } from '../providers/tsa/authority';
import { startLoopbackServer } from './loopback-server';

export interface TsaStandIn {
  /** The address to give TSA_URL. */
  url: string;
  /** The authority's root certificate, PEM (TSA_CERTIFICATES). */
  rootPem: string;
  authority: SandboxAuthority;
  close(): Promise<void>;
}

const pem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END CERTIFICATE-----\n`;

/**
 * A time-stamping authority on loopback speaking RFC 3161 over HTTP (section 3.4): a DER TimeStampReq posted as
 * `application/timestamp-query`, a DER TimeStampResp back, with its own root (the sandbox authority's code).
 */
export async function startTsaStandIn(clock: { now(): Date } = { now: () => new Date() }): Promise<TsaStandIn> {
  const authority = await SandboxAuthority.load(await createAuthorityMaterial(), clock);
  const server = await startLoopbackServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
      response.writeHead(415).end();
      return;
    }
    const answer = await authority.respond(new Uint8Array(Buffer.concat(chunks)));
    response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(answer));
  });
  return { url: `${server.origin}/tsa`, rootPem: authority.trustAnchors.map(pem).join(''), authority, close: () => server.close() };
}
