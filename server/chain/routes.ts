import {
  checkpointResponse,
  emptyBody,
  logKeysResponse,
  proofQuery,
  proofResponse,
  publicKeyQuery,
  publicKeyResponse,
} from '../../src/shared/api/contracts/index';
import { notFound } from '../http/errors';
import { defineRoute, type RouteDefinition } from '../http/route';
import type { TransparencyLog } from './log';
import type { ServerModule } from '../module';

const TAG = 'chain';

/** Public: anyone may verify. Nothing here names an owner (entries carry an opaque HMAC reference). */
export function chainRoutes(log: TransparencyLog): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/chain/checkpoint',
      summary: 'The latest signed checkpoint of the log (tree size, root hash, time, Ed25519 signature)',
      tag: TAG,
      auth: false,
      query: emptyBody,
      response: checkpointResponse,
      handler: () => log.latestCheckpoint(),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chain/publicKey',
      summary:
        "The Ed25519 public key that signs checkpoints now, or with `keyId` (a checkpoint's) the key that signed it, retired keys included",
      tag: TAG,
      auth: false,
      query: publicKeyQuery,
      response: publicKeyResponse,
      handler: async ({ query }) => {
        if (query.keyId === undefined) {
          const k = log.key;
          return { algorithm: 'Ed25519' as const, publicKey: k.publicKeyRaw, pem: k.publicKeyPem, keyId: k.keyId, current: true };
        }
        const key = await log.publicKey(query.keyId);
        if (!key) throw notFound('preservation:keyNotFound');
        return { algorithm: 'Ed25519' as const, publicKey: key.publicKey, pem: key.pem, keyId: key.keyId, current: key.current };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chain/keys',
      summary: 'Every Ed25519 key that has signed checkpoints, current and retired, oldest first (for auditors after a key rotation)',
      tag: TAG,
      auth: false,
      query: emptyBody,
      response: logKeysResponse,
      handler: async () => ({ list: (await log.publicKeys()).map((key) => ({ algorithm: 'Ed25519' as const, ...key })) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chain/proof',
      summary: 'A log entry by its chain hash, with its RFC 6962 inclusion proof against the latest checkpoint',
      tag: TAG,
      auth: false,
      query: proofQuery,
      response: proofResponse,
      handler: async ({ query }) => {
        const proof = await log.proof(query.chainhash);
        if (!proof) throw notFound('preservation:entryNotFound');
        return proof;
      },
    }),
  ];
}

/** The transparency log's public calls. */
export const chainModule: ServerModule = {
  name: 'chain',
  register: (_app, ctx) => ctx.addRoutes(chainRoutes(ctx.transparencyLog)),
};
