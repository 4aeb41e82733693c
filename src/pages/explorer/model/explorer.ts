import { concurrency } from '@farfetched/core';
import { combine, createEffect, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { verifyInclusionProof, type ProofFacts, type VerificationResult } from '@proof/merkle';
import { consistencyQuery, proofQuery, publicKeyQuery, timestampAuthorityQuery, timestampedKeyQuery } from '../api/explorer';
import {
  checkHistory,
  checkTrustedTime,
  type CheckState,
  type ConsistencyStep,
  type HistoryFacts,
  type TimeCheck,
  type TimeFacts,
} from './checks';

export const ExplorerGate = createGate<{ chainhash: string }>();

concurrency(proofQuery, { strategy: 'TAKE_LATEST' });
for (const query of [publicKeyQuery, timestampedKeyQuery, timestampAuthorityQuery, consistencyQuery])
  concurrency(query, { strategy: 'TAKE_LATEST' });

export const $chainhash = ExplorerGate.state.map((state) => (state?.chainhash ?? '').toLowerCase());

sample({ clock: ExplorerGate.open, source: $chainhash, target: proofQuery.start });
// The key is the one the proof's checkpoint names: after a key rotation older checkpoints keep their own key.
// A key that is not the one named fails the verification's key step (it is checked, not trusted).
sample({ clock: proofQuery.finished.success, fn: ({ result }) => result.checkpoint.keyId, target: publicKeyQuery.start });
sample({
  clock: proofQuery.started,
  target: [publicKeyQuery.reset, timestampedKeyQuery.reset, timestampAuthorityQuery.reset, consistencyQuery.reset],
});

// Trusted time and history, once the record's earliest timestamped checkpoint exists: that checkpoint's key,
// the authority's roots, and the consistency proof from it to the latest checkpoint.
const timestampedProof = sample({
  clock: proofQuery.finished.success,
  filter: ({ result }) => Boolean(result.timestamped),
  fn: ({ result }) => ({ latest: result.checkpoint, timestamped: result.timestamped! }),
});
sample({ clock: timestampedProof, fn: ({ timestamped }) => timestamped.checkpoint.keyId, target: timestampedKeyQuery.start });
sample({ clock: timestampedProof, fn: () => undefined, target: timestampAuthorityQuery.start });
sample({
  clock: timestampedProof,
  fn: ({ latest, timestamped }) => ({ first: timestamped.checkpoint.treeSize, second: latest.treeSize }),
  target: consistencyQuery.start,
});

/** Verification happens here in the browser: nothing the server says about "valid" is taken on trust. */
export const verifyFx = createEffect((facts: ProofFacts): Promise<VerificationResult> => verifyInclusionProof(facts));

/** The token verifier is loaded here, only for a record whose checkpoint has its token (the two names taken, so the rest is left out). */
export const verifyTimeFx = createEffect(async (facts: TimeFacts): Promise<TimeCheck> => {
  const { verifyTimestampToken, TimestampTokenError } = await import('@proof/timestamp-token');
  return checkTrustedTime(facts, { verifyTimestampToken, TimestampTokenError });
});
export const verifyHistoryFx = createEffect((facts: HistoryFacts) => checkHistory(facts));

export const $proof = proofQuery.$data;
export const $publicKey = publicKeyQuery.$data;
export const $result = createStore<VerificationResult | null>(null)
  .on(verifyFx.doneData, (_, result) => result)
  .reset([ExplorerGate.close, proofQuery.started]);

const $facts = combine($proof, $publicKey, $chainhash, (proof, key, chainhash): ProofFacts | null =>
  proof && key
    ? {
        chainhash,
        entry: proof.entry,
        leafHash: proof.leafHash,
        leafIndex: proof.leafIndex,
        auditPath: proof.auditPath,
        checkpoint: proof.checkpoint,
        publicKey: key.publicKey,
      }
    : null,
);
sample({ clock: $facts.updates, filter: Boolean, target: verifyFx });

const $timeFacts = combine(
  $proof,
  timestampedKeyQuery.$data,
  timestampAuthorityQuery.$data,
  $chainhash,
  (proof, key, authority, chainhash): TimeFacts | null =>
    proof?.timestamped && key && authority
      ? {
          chainhash,
          entry: proof.entry,
          leafHash: proof.leafHash,
          leafIndex: proof.leafIndex,
          timestamped: proof.timestamped,
          publicKey: key.publicKey,
          trustAnchors: authority.certificates,
        }
      : null,
);
sample({ clock: $timeFacts.updates, filter: Boolean, target: verifyTimeFx });

const $historyFacts = combine(
  $proof,
  $publicKey,
  timestampedKeyQuery.$data,
  consistencyQuery.$data,
  (proof, latestKey, earlierKey, consistency): HistoryFacts | null =>
    proof?.timestamped && latestKey && earlierKey && consistency
      ? {
          earlier: { checkpoint: proof.timestamped.checkpoint, publicKey: earlierKey.publicKey },
          latest: { checkpoint: proof.checkpoint, publicKey: latestKey.publicKey },
          proof: consistency,
        }
      : null,
);
sample({ clock: $historyFacts.updates, filter: Boolean, target: verifyHistoryFx });

const $timeResult = createStore<TimeCheck | null>(null)
  .on(verifyTimeFx.doneData, (_, result) => result)
  // The verifier's chunk could not be loaded (offline, a new deployment): the check could not run.
  .on(verifyTimeFx.fail, () => ({ status: 'failed', step: 'unavailable' }))
  .reset([ExplorerGate.close, proofQuery.started]);
const $historyResult = createStore<CheckState<ConsistencyStep> | null>(null)
  .on(verifyHistoryFx.doneData, (_, result) => result)
  .on(verifyHistoryFx.fail, () => ({ status: 'failed', step: 'unavailable' }))
  .reset([ExplorerGate.close, proofQuery.started]);

/** Why a check is pending: its token is not issued yet (TSA_INTERVAL_SECONDS after preservation), or it is running. */
export type Pending = 'token' | 'running';

/** The trusted-time check as the page shows it: passed (with what the token states), failed (the step), or pending (why). */
export const $timeCheck = combine(
  $proof,
  $timeResult,
  timestampedKeyQuery.$failed,
  timestampAuthorityQuery.$failed,
  (proof, result, keyFailed, authorityFailed): TimeCheck & { pending?: Pending } => {
    if (proof && !proof.timestamped) return { status: 'pending', pending: 'token' };
    if (result) return result;
    if (keyFailed || authorityFailed) return { status: 'failed', step: 'unavailable' };
    return { status: 'pending', pending: 'running' };
  },
);

/** The history check: the timestamped checkpoint is an ancestor of the latest one (consistency proof). */
export const $historyCheck = combine(
  $proof,
  $historyResult,
  combine([publicKeyQuery.$failed, timestampedKeyQuery.$failed, consistencyQuery.$failed], (failed) => failed.some(Boolean)),
  (proof, result, failed): CheckState<ConsistencyStep> & { pending?: Pending } => {
    if (proof && !proof.timestamped) return { status: 'pending', pending: 'token' };
    if (result) return result;
    if (failed) return { status: 'failed', step: 'unavailable' };
    return { status: 'pending', pending: 'running' };
  },
);

export const $verifying = verifyFx.pending;
export const $loading = combine(proofQuery.$pending, publicKeyQuery.$pending, (a, b) => a || b);
export const $failed = combine(proofQuery.$failed, publicKeyQuery.$failed, (a, b) => a || b);
export const $notFound = proofQuery.$error.map((error) =>
  Boolean(error && 'code' in Object(error) && (error as { code?: unknown }).code === 404),
);
