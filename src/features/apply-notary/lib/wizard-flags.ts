import type { NotaryStep } from '@contracts';

/**
 * The wizard flags of spec section 3 (front end). They decide which steps are open and what a step allows:
 * - disabled: the application form is submitted, shown read only;
 * - applyDisabled: the form's submit waits until the application materials are read;
 * - disabledSign: the signature step is closed; signTure: the application is signed;
 * - disabledDecode: the decryption step is closed; decodeList: the records authorised for decryption;
 * - payment: the payment step is open.
 */
export type WizardFlags = {
  disabled: boolean;
  applyDisabled: boolean;
  disabledSign: boolean;
  signTure: boolean;
  disabledDecode: boolean;
  decodeList: number[];
  payment: boolean;
};

/** Everything cleared: only the first step is open, its submit waits for the reading. */
export const INITIAL_FLAGS: WizardFlags = {
  disabled: false,
  applyDisabled: true,
  disabledSign: true,
  signTure: false,
  disabledDecode: true,
  decodeList: [],
  payment: false,
};

/** The flags of an order whose next step is `step`: the steps before it are done, the ones after it closed. */
export function flagsForStep(step: NotaryStep, recordIds: readonly number[] = []): WizardFlags {
  if (step === 1) return INITIAL_FLAGS;
  const signing: WizardFlags = { ...INITIAL_FLAGS, disabled: true, disabledSign: false };
  if (step === 2) return signing;
  const decoding: WizardFlags = { ...signing, signTure: true, disabledDecode: false };
  if (step === 3) return decoding;
  return { ...decoding, decodeList: [...recordIds], payment: true };
}

/**
 * 'Continue' of an unfinished order (spec section 4): the flags are reset for its step. For the first step
 * all flags are cleared and the stored state is removed; for the signature the decryption and payment
 * sub-steps are disabled (as every step after the current one is).
 */
export function resumeFlags(step: NotaryStep, recordIds: readonly number[] = []): { flags: WizardFlags; clearStored: boolean } {
  if (step === 1) return { flags: INITIAL_FLAGS, clearStored: true };
  const flags = flagsForStep(step, recordIds);
  return { flags: step === 2 ? { ...flags, disabledDecode: true, payment: false } : flags, clearStored: false };
}

export function isStepOpen(flags: WizardFlags, step: NotaryStep): boolean {
  if (step === 1) return true;
  if (step === 2) return !flags.disabledSign;
  if (step === 3) return !flags.disabledDecode;
  return flags.payment;
}

/** The last open step: where the wizard goes when a closed step is asked for. */
export function furthestOpenStep(flags: WizardFlags): NotaryStep {
  return ([4, 3, 2] as const).find((step) => isStepOpen(flags, step)) ?? 1;
}

/** The first step's draft kept in session storage while the person fills it. */
export type ApplicationDraft = { purpose: string; purposeNote: string; copies: string; delivery: string; addressId: string };

/** What the wizard keeps in session storage for one order: its flags and the first step's draft. */
export type StoredWizard = { orderId: number; flags: WizardFlags; draft: ApplicationDraft | null };

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isDraft = (v: unknown): v is ApplicationDraft =>
  typeof v === 'object' &&
  v !== null &&
  ['purpose', 'purposeNote', 'copies', 'delivery', 'addressId'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

/** Reads the stored state back; anything malformed counts as nothing stored. */
export function parseStoredWizard(raw: unknown): StoredWizard | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { orderId, flags, draft } = raw as Record<string, unknown>;
  if (typeof orderId !== 'number' || typeof flags !== 'object' || flags === null) return null;
  const f = flags as Record<string, unknown>;
  const boolKeys = ['disabled', 'applyDisabled', 'disabledSign', 'signTure', 'disabledDecode', 'payment'] as const;
  if (!boolKeys.every((k) => isBool(f[k])) || !Array.isArray(f.decodeList) || !f.decodeList.every((id) => typeof id === 'number'))
    return null;
  return { orderId, flags: flags as WizardFlags, draft: isDraft(draft) ? draft : null };
}

/**
 * The flags when the wizard opens an order: the server's step decides which steps are done and open; of the
 * stored state only the reading of the materials (applyDisabled) carries over, and only for the same order
 * still at its first step.
 */
export function flagsOnOpen(orderId: number, step: NotaryStep, recordIds: readonly number[], stored: StoredWizard | null): WizardFlags {
  const flags = flagsForStep(step, recordIds);
  if (step === 1 && stored?.orderId === orderId) return { ...flags, applyDisabled: stored.flags.applyDisabled };
  return flags;
}
