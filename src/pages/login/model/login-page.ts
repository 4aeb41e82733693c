import { combine, createEvent, createStore } from 'effector';
import { createGate } from 'effector-react';
import { $location } from '@/shared/routing';

export type LoginTab = 'password' | 'sms';

/** `?type=sms` opens the SMS-code tab; anything else the password tab. */
export function tabFromSearch(search: string): LoginTab {
  return new URLSearchParams(search).get('type') === 'sms' ? 'sms' : 'password';
}

export const LoginPageGate = createGate();
export const tabSelected = createEvent<string>();

const $chosenTab = createStore<LoginTab | null>(null)
  .on(tabSelected, (_, key) => (key === 'sms' ? 'sms' : 'password'))
  .reset(LoginPageGate.close);

/** The tab the visitor picked, else the one the address asks for. */
export const $activeTab = combine($chosenTab, $location, (chosen, { search }) => chosen ?? tabFromSearch(search));
