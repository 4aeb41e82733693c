import { NOTARY_PAY, NOTARIAL, type EvidenceType, type NotaryRow, type NotaryStep } from '@contracts';
import { safeRedirect } from '@/shared/lib/url';
import { paths } from '@/shared/routing';

/** The wizard's path segment of each step (spec section 2). */
export const STEP_SEGMENTS: Record<NotaryStep, 'applicationForm' | 'signature' | 'deCode' | 'pay'> = {
  1: 'applicationForm',
  2: 'signature',
  3: 'deCode',
  4: 'pay',
};
export type StepSegment = (typeof STEP_SEGMENTS)[NotaryStep];

export function stepOfSegment(segment: string | undefined): NotaryStep | null {
  const found = (Object.entries(STEP_SEGMENTS) as [string, StepSegment][]).find(([, value]) => value === segment);
  return found ? (Number(found[0]) as NotaryStep) : null;
}

/**
 * `/attestation-all/data/readingMaterial/{step}/{orderId}/{type}?addOrder` (spec section 2); the pushed pay route
 * of /orders adds `orderNo` (the payment order's number).
 */
export function wizardHref(step: NotaryStep, order: { id: number; type: EvidenceType; addOrder: 0 | 1 }, orderNo?: string): string {
  const query = new URLSearchParams({ addOrder: String(order.addOrder) });
  if (orderNo) query.set('orderNo', orderNo);
  return `${paths.readingMaterial}/${STEP_SEGMENTS[step]}/${order.id}/${order.type}?${query.toString()}`;
}

/** `/notary/detail?orderId&type` (spec section 2); /orders pushes it with `goBackUrl=/orders`. */
export function detailHref(order: { id: number; type: EvidenceType }, goBackUrl?: string): string {
  const query = new URLSearchParams({ orderId: String(order.id), type: String(order.type) });
  if (goBackUrl) query.set('goBackUrl', goBackUrl);
  return `${paths.notaryDetail}?${query.toString()}`;
}

type RowState = Pick<NotaryRow, 'notarialCode' | 'payCode'>;

/** Spec section 4: an unfinished order has no notarisation status yet. */
export const isUnfinished = (row: RowState): boolean => row.notarialCode === NOTARIAL.none;
/** 'Continue' and 'End operation' appear only for unfinished orders. */
export const canContinue = isUnfinished;
export const canEnd = isUnfinished;
/** 'View details' only for paid orders that are in progress or succeeded. */
export const canViewDetails = (row: RowState): boolean =>
  row.payCode === NOTARY_PAY.paid && (row.notarialCode === NOTARIAL.inProgress || row.notarialCode === NOTARIAL.succeeded);

/** Spec section 2: an empty pay or notarial text is shown as a dash. */
export const DASH = '-';
export const orDash = (text: string): string => (text.trim() === '' ? DASH : text);

/** Only a same-origin path may be a back link (spec: /orders pushes goBackUrl); anything else goes back to /notary. */
export const safeBackPath = (goBackUrl: string | null | undefined): string => safeRedirect(goBackUrl, paths.notary);
