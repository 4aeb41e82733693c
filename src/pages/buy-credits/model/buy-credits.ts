import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { RECHARGE_MAX_POINTS, RECHARGE_MIN_POINTS } from '@contracts';
import { rechargeRequested } from '@/features/pay-order';
import { payMethodsQuery } from '../api/pay-methods';

export const BuyCreditsGate = createGate();

export const presetChosen = createEvent<number>();
export const amountChanged = createEvent<string>();
export const gatewayChosen = createEvent<1 | 2>();
export const submitted = createEvent();

/** The amount as typed (whole points; 1 point costs 1 yuan). */
export const $amount = createStore('100')
  .on(presetChosen, (_, points) => String(points))
  .on(amountChanged, (_, text) => text.replace(/\s/g, '').slice(0, 6))
  .reset(BuyCreditsGate.open);
/** 1 Alipay, 2 WeChat Pay (doPay's `type`). */
export const $gateway = createStore<1 | 2>(1)
  .on(gatewayChosen, (_, type) => type)
  .reset(BuyCreditsGate.open);

sample({ clock: BuyCreditsGate.open, target: payMethodsQuery.start });
/**
 * The methods offered: both until the server says (a deployment may offer one only); on a failed answer both
 * stay, and doPay answers a clear message for one that is not offered.
 */
export const $methods = createStore<readonly (1 | 2)[]>([1, 2])
  .on(payMethodsQuery.finished.success, (_, { result }) => result.types)
  .reset(BuyCreditsGate.open);
// The chosen method follows what is offered.
sample({
  clock: $methods,
  source: $gateway,
  filter: (gateway, methods) => methods.length > 0 && !methods.includes(gateway),
  fn: (_, methods) => methods[0] ?? 1,
  target: gatewayChosen,
});

/** The points as a whole number in range, else null. */
export const parsePoints = (text: string): number | null => {
  if (!/^\d+$/.test(text)) return null;
  const points = Number(text);
  return points >= RECHARGE_MIN_POINTS && points <= RECHARGE_MAX_POINTS ? points : null;
};

export const $points = $amount.map(parsePoints);
/** Shown after a submit with a bad amount, until the amount changes. */
export const $amountError = createStore(false)
  .on(amountChanged, () => false)
  .on(presetChosen, () => false)
  .reset(BuyCreditsGate.open);

sample({ clock: submitted, source: $points, filter: (points) => points === null, fn: () => true, target: $amountError });
sample({
  clock: submitted,
  source: { points: $points, type: $gateway, methods: $methods },
  filter: ({ points, methods }) => points !== null && methods.length > 0,
  fn: ({ points, type }) => ({ type, integral: points ?? 0 }),
  target: rechargeRequested,
});
