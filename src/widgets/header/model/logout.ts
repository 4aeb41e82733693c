import { createEffect, createEvent, sample } from 'effector';
import { $authToken } from '@/shared/api';
import { translate } from '@/shared/i18n';
import { clearArea } from '@/shared/lib/storage';
import { navigateFx, paths } from '@/shared/routing';
import { showToastFx } from '@/shared/ui';
import { logoutMutation, sessionCleared } from '@/entities/session';

export const logoutClicked = createEvent();

sample({ clock: logoutClicked, source: $authToken, fn: (token) => token ?? '', target: logoutMutation.start });

/** Spec section 7: on code 200, 400 or 408 the message is shown, local storage cleared, and the user goes to /. */
const ENDING_CODES = new Set([400, 408]);

const leftFx = createEffect(() => {
  clearArea('local');
});

const ended = sample({
  clock: [
    logoutMutation.finished.success.map(() => ({ text: translate('common:logout.done') })),
    logoutMutation.finished.failure
      .filter({ fn: ({ error }) => ENDING_CODES.has(error.code) })
      .map(({ error }) => ({ text: error.message })),
  ],
});

sample({ clock: ended, fn: ({ text }) => ({ type: 'success' as const, text }), target: showToastFx });
sample({ clock: ended, target: [sessionCleared, leftFx] });
sample({ clock: ended, fn: () => ({ to: paths.root, replace: true }), target: navigateFx });

sample({
  clock: logoutMutation.finished.failure,
  filter: ({ error }) => !ENDING_CODES.has(error.code),
  fn: ({ error }) => ({
    type: 'error' as const,
    text: error.network ? translate('errors:network') : error.message,
  }),
  target: showToastFx,
});

export const $loggingOut = logoutMutation.$pending;
