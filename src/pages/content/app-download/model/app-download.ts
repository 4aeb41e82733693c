import { createStore } from 'effector';
import { paths } from '@/shared/routing';

/** The phone's recorder, absolute so a phone scanning the code can open it (a path where the origin is unknown). */
export const recorderUrl = (origin: string | undefined) => (origin ? `${origin}${paths.newMobile}` : paths.newMobile);

export const $recorderUrl = createStore(recorderUrl(globalThis.location?.origin), { serialize: 'ignore' });
