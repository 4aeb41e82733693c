import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { createGate } from 'effector-react';
import { type ApiError } from '@/shared/api';
import { lookupByNumberRequest, lookupResponse } from '@contracts';
import { HashCancelledError, hashFileInWorker, type HashProgress } from '@/shared/lib/file-hash';
import { lookupByHashFx, lookupByNumberFx } from '@/entities/evidence';

/** The sub-pages of /queryAuthentication (spec section 2); they share one lookup for now. */
export const QUERY_KINDS = ['safekeeping', 'notarial', 'mutualEvidence', 'keepSingle', 'electronicData'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];
export const queryKindOf = (value: string | undefined): QueryKind =>
  (QUERY_KINDS as readonly string[]).includes(value ?? '') ? (value as QueryKind) : 'safekeeping';

export const LookupGate = createGate();

export type LookupResult = {
  by: 'number' | 'file';
  /** The number asked for, or the file's hash. */
  subject: string;
  found: boolean;
  list: {
    baoquan: string;
    fileType: 'image' | 'video' | 'audio' | 'document' | 'other';
    saveTime: string;
    chainhash: string;
    filehash: string;
    /** The owner cancelled the account: the file is deleted, time and hashes stay verifiable. */
    deletedByOwner?: boolean;
  }[];
};

// By number.
export const numberChanged = createEvent<string>();
export const numberSubmitted = createEvent();
export const $number = createStore('')
  .on(numberChanged, (_, value) => value)
  .reset(LookupGate.close);
export const $numberError = createStore<string | null>(null);

const byNumberFx = createEffect<string, LookupResult, ApiError>(async (baoquan) => ({
  by: 'number',
  subject: baoquan,
  ...lookupResponse.parse(await lookupByNumberFx(baoquan)),
}));

const checkedNumber = sample({ clock: numberSubmitted, source: $number, fn: (baoquan) => lookupByNumberRequest.safeParse({ baoquan }) });
sample({
  clock: checkedNumber,
  fn: (result) => (result.success ? null : (result.error.issues[0]?.message ?? 'required|baoquan')),
  target: $numberError,
});
$numberError.on(numberChanged, () => null).reset(LookupGate.close);
sample({ clock: checkedNumber, filter: (result) => result.success, fn: (result) => result.data!.baoquan, target: byNumberFx });

// By file: hashed in a worker, in chunks, with progress; only the hash leaves the browser.
export const fileChosen = createEvent<File>();
export const hashCancelled = createEvent();

export type HashFileParams = { file: File; onProgress: (progress: HashProgress) => void; signal: AbortSignal };
export const hashFileFx = createEffect<HashFileParams, string, Error>(({ file, onProgress, signal }) =>
  hashFileInWorker(file, { onProgress, signal }),
);

const hashProgressed = createEvent<HashProgress>();
const controllerCreated = createEvent<AbortController>();
const $controller = createStore<AbortController | null>(null, { serialize: 'ignore' }).on(controllerCreated, (_, c) => c);

const hashChosenFx = createEffect<File, string, Error>((file) => {
  const progress = scopeBind(hashProgressed, { safe: true });
  const controller = new AbortController();
  scopeBind(controllerCreated, { safe: true })(controller);
  return hashFileFx({ file, onProgress: progress, signal: controller.signal });
});
$controller.reset(hashChosenFx.finally);

export const $fileName = createStore('')
  .on(fileChosen, (_, file) => file.name)
  .reset(LookupGate.close);
export const $hashProgress = createStore<HashProgress | null>(null)
  .on(fileChosen, (_, file) => ({ loaded: 0, total: file.size }))
  .on(hashProgressed, (_, progress) => progress)
  .reset([LookupGate.close, hashChosenFx.finally]);
export const $fileHash = createStore<string | null>(null)
  .on(fileChosen, () => null)
  .on(hashChosenFx.doneData, (_, hash) => hash)
  .reset(LookupGate.close);
export const $hashFailed = createStore(false)
  .on(hashChosenFx.failData, (_, error) => !(error instanceof HashCancelledError))
  .reset([fileChosen, LookupGate.close]);
export const $hashing = hashChosenFx.pending;

// A new file while another is hashing: the first one stops.
const abortFx = attach({ source: $controller, effect: (controller) => controller?.abort() });
sample({ clock: [hashCancelled, fileChosen, LookupGate.close], target: abortFx });
sample({ clock: fileChosen, target: hashChosenFx });

const byHashFx = createEffect<string, LookupResult, ApiError>(async (hash) => ({
  by: 'file',
  subject: hash,
  ...lookupResponse.parse(await lookupByHashFx(hash)),
}));
sample({ clock: hashChosenFx.doneData, target: byHashFx });

export const $result = createStore<LookupResult | null>(null)
  .on([byNumberFx.doneData, byHashFx.doneData], (_, result) => result)
  .reset([LookupGate.close, fileChosen, numberSubmitted]);
export const $searching = byNumberFx.pending;
