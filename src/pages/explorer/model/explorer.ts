import { concurrency } from '@farfetched/core';
import { combine, createEffect, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { verifyInclusionProof, type ProofFacts, type VerificationResult } from '@/shared/lib/merkle';
import { proofQuery, publicKeyQuery } from '../api/explorer';

export const ExplorerGate = createGate<{ chainhash: string }>();

concurrency(proofQuery, { strategy: 'TAKE_LATEST' });

export const $chainhash = ExplorerGate.state.map((state) => (state?.chainhash ?? '').toLowerCase());

sample({ clock: ExplorerGate.open, source: $chainhash, target: proofQuery.start });
// The key is the one the proof's checkpoint names: after a key rotation older checkpoints keep their own key.
// A key that is not the one named fails the verification's key step (it is checked, not trusted).
sample({ clock: proofQuery.finished.success, fn: ({ result }) => result.checkpoint.keyId, target: publicKeyQuery.start });
sample({ clock: proofQuery.started, target: publicKeyQuery.reset });

/** Verification happens here in the browser: nothing the server says about "valid" is taken on trust. */
export const verifyFx = createEffect((facts: ProofFacts): Promise<VerificationResult> => verifyInclusionProof(facts));

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

export const $verifying = verifyFx.pending;
export const $loading = combine(proofQuery.$pending, publicKeyQuery.$pending, (a, b) => a || b);
export const $failed = combine(proofQuery.$failed, publicKeyQuery.$failed, (a, b) => a || b);
export const $notFound = proofQuery.$error.map((error) =>
  Boolean(error && 'code' in Object(error) && (error as { code?: unknown }).code === 404),
);
