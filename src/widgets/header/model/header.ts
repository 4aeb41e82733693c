import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { navigateFx } from '@/shared/routing';
import { bannerQuery } from '../api/banner';

export const HeaderGate = createGate();

sample({ clock: HeaderGate.open, target: bannerQuery.refresh });

export const $bannerTitle = bannerQuery.$data.map((data) => data?.title ?? '');

/** The mobile side menu (below 768 px). */
export const menuToggled = createEvent<boolean>();
export const $menuOpen = createStore(false)
  .on(menuToggled, (_, open) => open)
  .reset(navigateFx.done);

/** The account dropdown (desktop). */
export const accountMenuToggled = createEvent<boolean>();
export const $accountMenuOpen = createStore(false)
  .on(accountMenuToggled, (_, open) => open)
  .reset(navigateFx.done);

/** A menu entry was chosen: go there; both menus close. */
export const linkChosen = createEvent<string>();
sample({ clock: linkChosen, target: navigateFx });
sample({ clock: linkChosen, fn: () => false, target: [menuToggled, accountMenuToggled] });
