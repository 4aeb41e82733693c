import { createEvent, createStore, sample } from 'effector';
import { createGate } from 'effector-react';
import { navigateFx } from '@/shared/routing';
import { bannerQuery } from '../api/banner';

export const HeaderGate = createGate();

sample({ clock: HeaderGate.open, target: bannerQuery.refresh });

export const $bannerTitle = bannerQuery.$data.map((data) => data?.title ?? '');

export const menuToggled = createEvent<boolean>();
export const $menuOpen = createStore(false)
  .on(menuToggled, (_, open) => open)
  .reset(navigateFx.done);

/** A dropdown or side-menu entry was chosen: go there and close the mobile menu. */
export const linkChosen = createEvent<string>();
sample({ clock: linkChosen, target: [navigateFx, menuToggled.prepend(() => false)] });
