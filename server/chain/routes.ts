import type { FastifyInstance } from 'fastify';
import {
  checkpointListQuery,
  checkpointListResponse,
  checkpointQuery,
  checkpointResponse,
  consistencyQuery,
  consistencyResponse,
  emptyBody,
  logKeysResponse,
  proofQuery,
  proofResponse,
  publicKeyQuery,
  publicKeyResponse,
  timestampAuthorityResponse,
} from '../../contracts/index';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, type RouteDefinition } from '../http/route';
import type { Checkpoint } from '../../contracts/index';
import { LocalTimestampAuthority, type SandboxAuthority } from '../providers/tsa';
import type { TransparencyLog } from './log';
import type { ServerModule } from '../module';
import { type CheckpointTimestamper } from './timestamps';

const TAG = 'chain';

/** Public: anyone may verify. Nothing here names an owner (entries carry an opaque HMAC reference). */
export function chainRoutes(log: TransparencyLog, timestamps: CheckpointTimestamper): RouteDefinition[] {
  /** A checkpoint with its RFC 3161 token when it has one. */
  const withToken = async (checkpoint: Checkpoint): Promise<Checkpoint> => ({
    ...checkpoint,
    timestampToken: (await timestamps.ofTreeSize(checkpoint.treeSize))?.token ?? null,
  });
  return [
    defineRoute({
      method: 'GET',
      url: '/api/chain/checkpoint',
      summary:
        'The latest signed checkpoint of the log (tree size, root hash, time, Ed25519 signature, RFC 3161 token once timestamped), or with `treeSize` the checkpoint signed for that size',
      tag: TAG,
      auth: false,
      query: checkpointQuery,
      response: checkpointResponse,
      handler: async ({ query }) => {
        const checkpoint = query.treeSize === undefined ? await log.latestCheckpoint() : await log.checkpointAt(query.treeSize);
        if (!checkpoint) throw notFound('preservation:checkpointNotFound');
        return withToken(checkpoint);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chain/checkpoints',
      summary:
        'Every signed checkpoint, newest first (`page`, `size` up to 100, default 10), each with its RFC 3161 token once timestamped: the public history auditors check with consistency proofs',
      tag: TAG,
      auth: false,
      query: checkpointListQuery,
      response: checkpointListResponse,
      handler: async ({ query }) => {
        const { total, list } = await log.checkpointPage(query.page, query.size);
        const tokens = await timestamps.ofTreeSizes(list.map((c) => c.treeSize));
        return { total, list: list.map((c) => ({ ...c, timestampToken: tokens.get(c.treeSize)?.token ?? null })) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chain/consistency',
      summary:
        'The RFC 6962 consistency proof that the tree of `first` leaves is a prefix of the tree of `second` leaves (0 < first <= second <= the latest size), with both roots, lower-case hex',
      tag: TAG,
      auth: false,
      query: consistencyQuery,
      response: consistencyResponse,
      handler: async ({ query }) => {
        if (query.first > query.second) throw badRequest('preservation:consistencyOrder');
        const { treeSize } = await log.latestCheckpoint();
        if (query.second > treeSize) throw badRequest('preservation:consistencyBeyondLog', { size: treeSize });
        return log.consistency(query.first, query.second);
      },
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
      url: '/api/chain/timestampAuthority',
      summary: "The certificates that verify the checkpoints' RFC 3161 time-stamp tokens (the authority's root), DER base64",
      tag: TAG,
      auth: false,
      query: emptyBody,
      response: timestampAuthorityResponse,
      handler: async () => ({
        sandbox: timestamps.sandbox,
        certificates: (await timestamps.trustAnchors()).map((der) => Buffer.from(der).toString('base64')),
      }),
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
        const stamp = await timestamps.covering(proof.leafIndex);
        const at = stamp ? await log.checkpointAt(stamp.treeSize) : null;
        const timestamped = at ? await log.proof(query.chainhash, at) : null;
        return {
          ...proof,
          checkpoint: await withToken(proof.checkpoint),
          timestamped:
            timestamped && stamp
              ? { auditPath: timestamped.auditPath, checkpoint: { ...timestamped.checkpoint, timestampToken: stamp.token } }
              : null,
        };
      },
    }),
  ];
}

const TIMESTAMP_QUERY_LIMIT = 4096;

/**
 * The sandbox authority over HTTP as RFC 3161 section 3.4 says (a DER TimeStampReq posted as
 * `application/timestamp-query`, a DER TimeStampResp back), for outside tools: `openssl ts -query ... | curl --data-binary`.
 */
function registerSandboxAuthority(app: FastifyInstance, authority: () => Promise<SandboxAuthority>): void {
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/timestamp-query',
      { parseAs: 'buffer', bodyLimit: TIMESTAMP_QUERY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/sandbox/tsa', async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return reply.code(415).send();
      const answer = await (await authority()).respond(new Uint8Array(request.body));
      return reply.type('application/timestamp-reply').send(Buffer.from(answer));
    });
    done();
  });
}

/** The transparency log's public calls, and its trusted time: the checkpoint timestamps. */
export const chainModule: ServerModule = {
  name: 'chain',
  register(app, ctx) {
    const timestamps = ctx.timestamps;
    ctx.addRoutes(chainRoutes(ctx.transparencyLog, timestamps));
    if (ctx.config.TSA_INTERVAL_SECONDS > 0) {
      const stop = timestamps.start(ctx.config.TSA_INTERVAL_SECONDS, app.log);
      app.addHook('onClose', (_instance, done) => {
        stop();
        done();
      });
    }
    if (!ctx.config.tsa && ctx.config.APP_MODE === 'sandbox') {
      registerSandboxAuthority(app, async () => {
        const opened = await timestamps.authority();
        if (!(opened instanceof LocalTimestampAuthority)) throw new Error('the sandbox authority is not in use');
        return opened.authority;
      });
    }
  },
};
