import { concurrency, createQuery } from '@farfetched/core';
import { combine, createEffect, createEvent, createStore, merge, sample } from 'effector';
import { createGate } from 'effector-react';
import { NOTARIAL, NOTARY_TRANSFER, notaryApplicationFields, type EvidenceType, type NotaryState, type NotaryStep } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { readJson, removeKey, writeText } from '@/shared/lib/storage';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { userInfoRefreshRequested } from '@/entities/session';
import { createNotaryDetailQuery, detailHref, notaryStateContract, notaryStateFx, wizardHref } from '@/entities/notary-order';
import { addressListQuery } from '@/entities/address';
import { applicationFormMutation, decodeMutation, payMutation, paymentMutation, signMutation } from '../api/apply-notary';
import {
  flagsForStep,
  flagsOnOpen,
  furthestOpenStep,
  INITIAL_FLAGS,
  isStepOpen,
  parseStoredWizard,
  resumeFlags,
  type ApplicationDraft,
  type StoredWizard,
  type WizardFlags,
} from '../lib/wizard-flags';

/** Session storage key of the wizard's stored state (flags and the first step's draft of one order). */
export const WIZARD_STORAGE_KEY = 'notaryWizard';

export const EMPTY_DRAFT: ApplicationDraft = { purpose: '', purposeNote: '', copies: '1', delivery: '1', addressId: '' };

/** The wizard route's parameters: `/attestation-all/data/readingMaterial/{step}/{orderId}/{type}?addOrder`. */
export type WizardOpen = { orderId: number; step: NotaryStep; type: EvidenceType; addOrder: 0 | 1 };
export const WizardGate = createGate<WizardOpen | null>({ defaultState: null });

const stateQuery = createQuery({ effect: notaryStateFx, contract: notaryStateContract });
concurrency(stateQuery, { strategy: 'TAKE_LATEST' });

const $open = WizardGate.state;
const $orderId = $open.map((open) => open?.orderId ?? 0);
const $urlStep = $open.map((open): NotaryStep => open?.step ?? 1);

// ---- stored state ----------------------------------------------------------------------------------------

const readStoredFx = createEffect(() => readJson('session', WIZARD_STORAGE_KEY, parseStoredWizard));
const writeStoredFx = createEffect((stored: StoredWizard) => writeText('session', WIZARD_STORAGE_KEY, JSON.stringify(stored)));
const removeStoredFx = createEffect(() => removeKey('session', WIZARD_STORAGE_KEY));
/** Forget what the wizard stored (a new order, a paid one). */
export const wizardStateCleared = createEvent();
sample({ clock: wizardStateCleared, target: removeStoredFx });

const $stored = createStore<StoredWizard | null>(null, { serialize: 'ignore' })
  .on(readStoredFx.doneData, (_, stored) => stored)
  .reset([removeStoredFx.done, WizardGate.close]);

// ---- the order -----------------------------------------------------------------------------------------

/** The order as the server last answered it (the state call, or a step's answer). */
export const $state = createStore<NotaryState | null>(null)
  .on(stateQuery.finished.success, (_, { result }) => result)
  .on([applicationFormMutation.finished.success, signMutation.finished.success, decodeMutation.finished.success], (_, { result }) => result)
  .reset(WizardGate.close);
export const $loadFailed = stateQuery.$failed;
const reloadRequested = createEvent();

sample({ clock: WizardGate.open, target: readStoredFx });
sample({ clock: [WizardGate.open, $orderId.updates, reloadRequested], source: $orderId, filter: (id) => id > 0, target: stateQuery.start });
export const retryClicked = reloadRequested;

// ---- the flags -----------------------------------------------------------------------------------------

export const $flags = createStore<WizardFlags>(INITIAL_FLAGS, { serialize: 'ignore' });
/** The application materials were read (their checkbox): the form's submit opens. */
export const materialsReadToggled = createEvent<boolean>();
$flags.on(materialsReadToggled, (flags, read) => ({ ...flags, applyDisabled: !read }));

const flagsLoaded = sample({
  clock: stateQuery.finished.success,
  source: $stored,
  fn: (stored, { result }) => flagsOnOpen(result.order.id, result.step, result.itemIds, stored),
});
$flags.on(flagsLoaded, (_, flags) => flags);

/** A step was done: the server's answer moves the flags on. */
const stepDone = merge([applicationFormMutation.finished.success, signMutation.finished.success, decodeMutation.finished.success]).map(
  ({ result }) => result,
);
$flags.on(stepDone, (_, state) => flagsForStep(state.step, state.itemIds));

/**
 * 'Continue' of an unfinished order on /notary (spec section 4): the flags are reset for its step (the first
 * step clears all of them and removes the stored state) and the wizard opens at that step.
 */
export const wizardResumed = createEvent<{ id: number; type: EvidenceType; step: NotaryStep; addOrder: 0 | 1 }>();
const resumed = wizardResumed.map((order) => ({ order, ...resumeFlags(order.step) }));
$flags.on(resumed, (_, { flags }) => flags);
sample({ clock: resumed, filter: ({ clearStored }) => clearStored, target: removeStoredFx });
sample({
  clock: resumed,
  filter: ({ clearStored }) => !clearStored,
  fn: ({ order, flags }): StoredWizard => ({ orderId: order.id, flags, draft: null }),
  target: writeStoredFx,
});
sample({ clock: resumed, fn: ({ order }) => wizardHref(order.step, order), target: navigateFx });

/** The step shown: the one the address asks for when open, else the last open one. */
export const $activeStep = combine($urlStep, $flags, (step, flags): NotaryStep =>
  isStepOpen(flags, step) ? step : furthestOpenStep(flags),
);
export const $stepsOpen = $flags.map((flags) => ({ 1: true, 2: isStepOpen(flags, 2), 3: isStepOpen(flags, 3), 4: isStepOpen(flags, 4) }));

const hrefOf = (state: NotaryState, step: NotaryStep) => wizardHref(step, state.order);

// An address of a closed step goes to the last open one; an order that is no longer unfinished leaves the wizard.
sample({
  clock: flagsLoaded,
  source: { state: $state, step: $urlStep },
  filter: ({ state, step }, flags) => state !== null && state.notarialCode === NOTARIAL.none && !isStepOpen(flags, step),
  fn: ({ state }, flags) => ({ to: hrefOf(state as NotaryState, furthestOpenStep(flags)), replace: true }),
  target: navigateFx,
});
sample({
  clock: stateQuery.finished.success,
  filter: ({ result }) => result.notarialCode === NOTARIAL.inProgress || result.notarialCode === NOTARIAL.succeeded,
  fn: ({ result }) => ({ to: detailHref(result.order), replace: true }),
  target: navigateFx,
});
sample({
  clock: stateQuery.finished.success,
  filter: ({ result }) => result.notarialCode === NOTARIAL.voided || result.notarialCode === NOTARIAL.failed,
  fn: () => ({ type: 'warning' as const, text: translate('notary:wizard.closed') }),
  target: showToastFx,
});
sample({
  clock: stateQuery.finished.success,
  filter: ({ result }) => result.notarialCode === NOTARIAL.voided || result.notarialCode === NOTARIAL.failed,
  fn: () => ({ to: paths.notary, replace: true }),
  target: navigateFx,
});

/** The address of a step of the open order (from the route, so it works before the order has loaded). */
const stepHref = (open: WizardOpen | null, step: NotaryStep) =>
  open ? wizardHref(step, { id: open.orderId, type: open.type, addOrder: open.addOrder }) : paths.notary;

/** A step tab: an open step is shown. */
export const stepChosen = createEvent<NotaryStep>();
sample({
  clock: stepChosen,
  source: { open: $open, flags: $flags },
  filter: ({ open, flags }, step) => open !== null && isStepOpen(flags, step),
  fn: ({ open }, step) => stepHref(open, step),
  target: navigateFx,
});
/** 'Next step' on a step already done. */
export const nextClicked = createEvent();
sample({
  clock: nextClicked,
  source: { open: $open, flags: $flags, step: $activeStep },
  filter: ({ open, flags, step }) => open !== null && step < 4 && isStepOpen(flags, (step + 1) as NotaryStep),
  fn: ({ open, step }) => stepHref(open, (step + 1) as NotaryStep),
  target: navigateFx,
});

// ---- step 1: the application form ----------------------------------------------------------------------

export const applicationForm = createForm({ schema: notaryApplicationFields, initialValues: EMPTY_DRAFT });
export const formSubmitted = createEvent();
export const $addresses = addressListQuery.$data.map((data) => data?.list ?? []);
sample({ clock: WizardGate.open, target: addressListQuery.start });

// The form shows what was saved, else the stored draft of this order, else a fresh one (the default address ready for mail).
sample({
  clock: stateQuery.finished.success,
  source: { stored: $stored, addresses: $addresses },
  fn: ({ stored, addresses }, { result }): ApplicationDraft => {
    const saved = result.application;
    if (saved) {
      return {
        purpose: String(saved.purpose),
        purposeNote: saved.purposeNote,
        copies: String(saved.copies),
        delivery: String(saved.delivery),
        addressId: saved.address ? String(saved.address.id) : '',
      };
    }
    if (stored?.orderId === result.order.id && stored.draft) return stored.draft;
    const preferred = addresses.find((a) => a.status === 1) ?? addresses[0];
    return { ...EMPTY_DRAFT, addressId: preferred ? String(preferred.id) : '' };
  },
  target: applicationForm.valuesLoaded,
});
sample({ clock: WizardGate.close, target: applicationForm.reset });

sample({
  clock: formSubmitted,
  source: $flags,
  filter: (flags) => flags.applyDisabled,
  fn: () => ({ type: 'warning' as const, text: translate('notary:wizard.form.readFirst') }),
  target: showToastFx,
});
sample({
  clock: formSubmitted,
  source: $flags,
  filter: (flags) => !flags.applyDisabled && !flags.disabled,
  target: applicationForm.submitted,
});
sample({
  clock: applicationForm.validated,
  source: { orderId: $orderId, values: applicationForm.$values },
  fn: ({ orderId, values }) => ({ orderId, ...values }),
  target: applicationFormMutation.start,
});

// The draft and the flags of the order being filled are kept in session storage.
sample({
  clock: [$flags.updates, applicationForm.$values.updates],
  source: { orderId: $orderId, flags: $flags, draft: applicationForm.$values, status: WizardGate.status, state: $state },
  filter: ({ orderId, status, state }) => status && orderId > 0 && state?.order.id === orderId,
  fn: ({ orderId, flags, draft }): StoredWizard => ({ orderId, flags, draft }),
  target: writeStoredFx,
});

// ---- step 2: the signature -------------------------------------------------------------------------------

export const signClicked = createEvent();
sample({ clock: signClicked, source: $orderId, filter: (id) => id > 0, target: signMutation.start });

// ---- step 3: decryption ----------------------------------------------------------------------------------

/** The order's records, 10 a page, shown for the authorisation. */
export const decodeListQuery = createNotaryDetailQuery();
concurrency(decodeListQuery, { strategy: 'TAKE_LATEST' });
export const decodePageChanged = createEvent<number>();
export const $decodePage = createStore(1)
  .on(decodePageChanged, (_, page) => page)
  .reset(WizardGate.close);
sample({
  clock: [$activeStep.updates, decodePageChanged, stateQuery.finished.success],
  source: { step: $activeStep, orderId: $orderId, page: $decodePage, status: WizardGate.status },
  filter: ({ step, orderId, status }) => status && step === 3 && orderId > 0,
  fn: ({ orderId, page }) => ({ orderId, page }),
  target: decodeListQuery.start,
});
export const $decodeRows = decodeListQuery.$data.map((data) => data?.list ?? []);
export const $decodeCount = decodeListQuery.$data.map((data) => data?.count ?? 0);

export const decodeAgreedToggled = createEvent<boolean>();
export const $decodeAgreed = createStore(false)
  .on(decodeAgreedToggled, (_, agreed) => agreed)
  .reset(WizardGate.close);
export const decodeClicked = createEvent();
sample({
  clock: decodeClicked,
  source: $decodeAgreed,
  filter: (agreed) => !agreed,
  fn: () => ({ type: 'warning' as const, text: translate('validation:notaryDecodeConsent') }),
  target: showToastFx,
});
sample({
  clock: decodeClicked,
  source: { agreed: $decodeAgreed, orderId: $orderId },
  filter: ({ agreed, orderId }) => agreed && orderId > 0,
  fn: ({ orderId }) => orderId,
  target: decodeMutation.start,
});

// A step done moves on to the next one, with a word of it.
sample({ clock: stepDone, fn: (state) => ({ to: hrefOf(state, state.step), replace: false }), target: navigateFx });
sample({
  clock: stepDone,
  fn: (state) => ({ type: 'success' as const, text: translate(`notary:wizard.done.${state.step}`) }),
  target: showToastFx,
});
// A refused step (another tab moved the order on, say): the catalogue shows why, the wizard reads the order again.
sample({
  clock: [applicationFormMutation.finished.failure, signMutation.finished.failure, decodeMutation.finished.failure],
  target: reloadRequested,
});

// ---- step 4: payment -------------------------------------------------------------------------------------

sample({
  clock: [$activeStep.updates, stateQuery.finished.success],
  source: { step: $activeStep, state: $state, orderId: $orderId, status: WizardGate.status },
  // A bank transfer waiting for the office's confirmation has no points payment order to make.
  filter: ({ step, state, orderId, status }) =>
    status &&
    step === 4 &&
    orderId > 0 &&
    state?.step === 4 &&
    state.notarialCode === NOTARIAL.none &&
    state.transfer.status !== NOTARY_TRANSFER.waiting,
  fn: ({ orderId }) => orderId,
  target: paymentMutation.start,
});
export const $payment = createStore<{ proOrderNo: string; money: number; points: number; price: number; number: number } | null>(null)
  .on(paymentMutation.finished.success, (_, { result }) => result)
  .reset(WizardGate.close);
export const $insufficient = $payment.map((payment) => (payment ? payment.points < payment.money : false));

export const payClicked = createEvent();
sample({
  clock: payClicked,
  source: $payment,
  filter: (payment) => payment !== null && payment.points >= payment.money,
  fn: (payment) => payment?.proOrderNo ?? '',
  target: payMutation.start,
});
sample({
  clock: payMutation.finished.success,
  fn: () => ({ type: 'success' as const, text: translate('notary:wizard.pay.done') }),
  target: showToastFx,
});
sample({ clock: payMutation.finished.success, target: [userInfoRefreshRequested, removeStoredFx] });
sample({
  clock: payMutation.finished.success,
  source: $state,
  filter: Boolean,
  fn: (state) => ({ to: state ? detailHref(state.order) : paths.notary, replace: true }),
  target: navigateFx,
});
// Refused (the balance changed meanwhile, the payment order expired): the catalogue says why; the payment is asked again.
sample({ clock: payMutation.finished.failure, source: $orderId, filter: (id) => id > 0, target: paymentMutation.start });

export const $busy = combine(
  applicationFormMutation.$pending,
  signMutation.$pending,
  decodeMutation.$pending,
  paymentMutation.$pending,
  payMutation.$pending,
  (...pending) => pending.some(Boolean),
);
