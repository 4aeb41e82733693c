import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { paths, navigateFx } from '@/shared/routing';

/** Spec section 2: tab 1 applications, tab 2 invoice headers; `?activeName=2` opens the second. */
export type CenterTab = '1' | '2';
export const tabOf = (activeName: string | null | undefined): CenterTab => (activeName === '2' ? '2' : '1');

export const InvoiceCenterGate = createGate<{ activeName: string | null }>();
export const tabChosen = createEvent<CenterTab>();

export const $tab = createStore<CenterTab>('1').on(tabChosen, (_, tab) => tab);
sample({ clock: [InvoiceCenterGate.open, InvoiceCenterGate.state.updates], fn: ({ activeName }) => tabOf(activeName), target: $tab });

// The address bar follows the tab, so a reload or a shared link opens the same one.
sample({
  clock: tabChosen,
  fn: (tab) => ({ to: tab === '2' ? `${paths.invoice}?activeName=2` : paths.invoice, replace: true }),
  target: navigateFx,
});
