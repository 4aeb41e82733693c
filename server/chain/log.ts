import { createHmac } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { checkpointText, type Checkpoint, type ConsistencyProof } from '../../contracts/index';
import type { Clock } from '../clock';
import type { DB, LogCheckpointsTable } from '../db/schema';
import { withGenericPlan } from '../db/plan';
import { databaseSecret } from '../lib/secrets';
import { signText, type LogSigningKey } from './keys';
import {
  auditPath,
  auditPathNodes,
  consistencyNodes,
  consistencyPath,
  EMPTY_ROOT,
  leafHash,
  nodeHash,
  nodeKey,
  nodesCompletedBy,
  rootHash,
  rootNodes,
  type NodeId,
} from './merkle';

/** What a record puts in the log; `n` (its index) is added by append. Field order is the canonical order. */
export interface EntryFields {
  baoquan: string;
  filehash: string;
  time: Date;
  /** Opaque owner reference: HMAC of the user id (ownerReference), never the id or phone itself. */
  owner: string;
}

export interface Appended {
  index: number;
  entry: string;
  /** Hex leaf hash: the record's chain hash. */
  leafHash: string;
  checkpoint: Checkpoint;
}

export interface InclusionProof {
  leafIndex: number;
  entry: string;
  leafHash: string;
  auditPath: string[];
  checkpoint: Checkpoint;
}

/** A key that has signed checkpoints, as published (`log_keys`). */
export interface PublishedKey {
  keyId: string;
  /** Base64 of the 32-byte raw Ed25519 public key. */
  publicKey: string;
  pem: string;
  publishedAt: string;
  /** The key this process signs with now. */
  current: boolean;
}

/** Canonical UTF-8 JSON: fixed key order, no spaces, ISO time. */
export const canonicalEntry = (n: number, fields: EntryFields) =>
  JSON.stringify({ n, baoquan: fields.baoquan, filehash: fields.filehash, time: fields.time.toISOString(), owner: fields.owner });

type Db = Kysely<DB> | Transaction<DB>;

async function fetchNodes(db: Db, ids: NodeId[]): Promise<Map<string, Buffer>> {
  const nodes = new Map<string, Buffer>();
  if (ids.length === 0) return nodes;
  const rows = await db
    .selectFrom('log_nodes')
    .select(['level', 'idx', 'hash'])
    .where((eb) => eb.or(ids.map((id) => eb.and([eb('level', '=', id.level), eb('idx', '=', id.index)]))))
    .execute();
  for (const row of rows) nodes.set(nodeKey({ level: row.level, index: row.idx }), Buffer.from(row.hash, 'hex'));
  return nodes;
}

const lookup = (nodes: Map<string, Buffer>) => (id: NodeId) => {
  const hash = nodes.get(nodeKey(id));
  if (!hash) throw new Error(`log node ${nodeKey(id)} missing`);
  return hash;
};

/**
 * The append-only Merkle log ("the chain") in the database. Appends run inside the caller's transaction
 * (the evidence row and its entry commit together or not at all) after locking the head row, so they are
 * strictly sequential across processes. Each append stores the leaf and the perfect subtrees it completes
 * (O(log n) rows), and signs a checkpoint of the new size in the same transaction: a record's entry is
 * covered by a signed checkpoint the moment the record exists.
 */
export class TransparencyLog {
  readonly #loadOwnerKey: () => Promise<Buffer>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly key: LogSigningKey,
  ) {
    this.#loadOwnerKey = databaseSecret(db, 'log-owner');
  }

  async append(trx: Transaction<DB>, fields: EntryFields): Promise<Appended> {
    const head = await trx.selectFrom('log_head').select('tree_size').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    const index = head.tree_size;
    const entry = canonicalEntry(index, fields);
    const leaf = leafHash(entry);
    await trx
      .insertInto('log_entries')
      .values({ idx: index, entry, leaf_hash: leaf.toString('hex'), created_at: fields.time })
      .execute();

    const completed = nodesCompletedBy(index);
    const known = await fetchNodes(
      trx,
      completed.map((c) => c.left),
    );
    known.set(nodeKey({ level: 0, index }), leaf);
    const rows = [{ level: 0, idx: index, hash: leaf.toString('hex') }];
    for (const { node, left, right } of completed) {
      const hash = nodeHash(lookup(known)(left), lookup(known)(right));
      known.set(nodeKey(node), hash);
      rows.push({ level: node.level, idx: node.index, hash: hash.toString('hex') });
    }
    await trx.insertInto('log_nodes').values(rows).execute();
    await trx
      .updateTable('log_head')
      .set({ tree_size: index + 1 })
      .where('id', '=', 1)
      .execute();
    const checkpoint = await this.#sign(trx, index + 1);
    return { index, entry, leafHash: leaf.toString('hex'), checkpoint };
  }

  async #sign(db: Db, treeSize: number): Promise<Checkpoint> {
    const root = treeSize === 0 ? EMPTY_ROOT : rootHash(treeSize, lookup(await fetchNodes(db, rootNodes(treeSize))));
    const key = this.key;
    const timestamp = this.clock.now().toISOString();
    const signedText = checkpointText({ treeSize, rootHash: root.toString('hex'), timestamp });
    const checkpoint: Checkpoint = {
      treeSize,
      rootHash: root.toString('hex'),
      timestamp,
      signedText,
      signature: signText(key, signedText),
      keyId: key.keyId,
    };
    await db
      .insertInto('log_checkpoints')
      .values({
        tree_size: treeSize,
        root_hash: checkpoint.rootHash,
        signed_at: timestamp,
        signed_text: signedText,
        signature: checkpoint.signature,
        key_id: checkpoint.keyId,
      })
      .onConflict((oc) => oc.column('tree_size').doNothing())
      .execute();
    return checkpoint;
  }

  /** The newest checkpoint; the empty tree's is signed the first time anyone asks before any append. */
  async latestCheckpoint(db: Db = this.db): Promise<Checkpoint> {
    // The newest by the primary key whatever the limit's value: one generic plan (a custom one was made per call).
    const row = await withGenericPlan(
      db.selectFrom('log_checkpoints').selectAll().orderBy('tree_size', 'desc').limit(1),
    ).executeTakeFirst();
    if (!row) {
      await this.#sign(db, 0);
      return this.latestCheckpoint(db);
    }
    return toCheckpoint(row);
  }

  /** The checkpoint signed for exactly this tree size (every size keeps the one it was signed with); null when none. */
  async checkpointAt(treeSize: number): Promise<Checkpoint | null> {
    const row = await this.db.selectFrom('log_checkpoints').selectAll().where('tree_size', '=', treeSize).executeTakeFirst();
    return row ? toCheckpoint(row) : null;
  }

  /**
   * The entry of a chain hash and its audit path against the latest checkpoint, or against `checkpoint` when given
   * (it must include the entry); null when unknown.
   */
  async proof(chainhash: string, at?: Checkpoint): Promise<InclusionProof | null> {
    const row = await this.db
      .selectFrom('log_entries')
      .select(['idx', 'entry', 'leaf_hash'])
      .where('leaf_hash', '=', chainhash)
      .executeTakeFirst();
    if (!row) return null;
    const checkpoint = at ?? (await this.latestCheckpoint());
    if (row.idx >= checkpoint.treeSize) return null;
    const nodes = await fetchNodes(this.db, auditPathNodes(row.idx, checkpoint.treeSize));
    return {
      leafIndex: row.idx,
      entry: row.entry,
      leafHash: row.leaf_hash,
      auditPath: auditPath(row.idx, checkpoint.treeSize, lookup(nodes)).map((h) => h.toString('hex')),
      checkpoint,
    };
  }

  /**
   * RFC 6962 consistency proof between two sizes the log has reached (0 < first <= second <= its size), with both
   * roots, from the stored nodes: one query for the O(log n) nodes the roots and the proof read.
   */
  async consistency(first: number, second: number): Promise<ConsistencyProof> {
    const ids = [...rootNodes(first), ...rootNodes(second), ...consistencyNodes(first, second)];
    const unique = [...new Map(ids.map((id) => [nodeKey(id), id])).values()];
    const node = lookup(await fetchNodes(this.db, unique));
    return {
      first,
      second,
      firstRootHash: rootHash(first, node).toString('hex'),
      secondRootHash: rootHash(second, node).toString('hex'),
      proof: consistencyPath(first, second, node).map((h) => h.toString('hex')),
    };
  }

  /**
   * A page of the signed checkpoints, newest first. Every size from 1 to the head has its checkpoint (signed in the
   * append's transaction) and the empty tree's exists when someone asked before the first append, so the page is a
   * range of tree sizes read through the primary key, and the total needs no count of the table.
   */
  async checkpointPage(page: number, size: number): Promise<{ total: number; list: Checkpoint[] }> {
    const latest = await this.latestCheckpoint();
    const empty = latest.treeSize === 0 || (await this.checkpointAt(0)) !== null;
    const total = latest.treeSize + (empty ? 1 : 0);
    const top = latest.treeSize - (page - 1) * size;
    if (top < 0) return { total, list: [] };
    const rows = await this.db
      .selectFrom('log_checkpoints')
      .selectAll()
      .where('tree_size', '<=', top)
      .where('tree_size', '>', top - size)
      .orderBy('tree_size', 'desc')
      .execute();
    return { total, list: rows.map(toCheckpoint) };
  }

  /**
   * Publishes this process's public key in `log_keys` (once per key; a rotation adds the new one and keeps the
   * old), so every checkpoint's key stays served after the key that signed it is retired.
   */
  async publishKey(): Promise<void> {
    await this.db
      .insertInto('log_keys')
      .values({ key_id: this.key.keyId, public_key: this.key.publicKeyRaw, pem: this.key.publicKeyPem, published_at: this.clock.now() })
      .onConflict((oc) => oc.column('key_id').doNothing())
      .execute();
  }

  /** A published key by id (current or retired); null when no checkpoint key has that id. */
  async publicKey(keyId: string): Promise<PublishedKey | null> {
    const row = await this.db.selectFrom('log_keys').selectAll().where('key_id', '=', keyId).executeTakeFirst();
    return row ? this.#published(row) : null;
  }

  /** Every published key, oldest first. */
  async publicKeys(): Promise<PublishedKey[]> {
    const rows = await this.db.selectFrom('log_keys').selectAll().orderBy('published_at').orderBy('key_id').execute();
    return rows.map((row) => this.#published(row));
  }

  #published(row: { key_id: string; public_key: string; pem: string; published_at: Date }): PublishedKey {
    return {
      keyId: row.key_id,
      publicKey: row.public_key,
      pem: row.pem,
      publishedAt: row.published_at.toISOString(),
      current: row.key_id === this.key.keyId,
    };
  }

  /** The log's reference to an owner: HMAC-SHA256 of the user id with a key kept in the database. */
  async ownerReference(userId: number): Promise<string> {
    return createHmac('sha256', await this.#loadOwnerKey())
      .update(`user:${userId}`)
      .digest('hex');
  }
}

function toCheckpoint(row: Selectable<LogCheckpointsTable>): Checkpoint {
  return {
    treeSize: row.tree_size,
    rootHash: row.root_hash,
    timestamp: row.signed_at,
    signedText: row.signed_text,
    signature: row.signature,
    keyId: row.key_id,
  };
}
