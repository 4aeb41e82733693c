import { createEvent, sample } from 'effector';
import { translate } from '../../i18n';
import { copyTextFx } from '../../lib/clipboard';
import { showToastFx } from '../toast';

/** A copy button was pressed with the value it stands for. */
export const copyRequested = createEvent<string>();

sample({ clock: copyRequested, target: copyTextFx });
// Spec section 8: the copy-done toast. When neither the Clipboard API nor the fallback could copy, say so.
sample({ clock: copyTextFx.done, fn: () => ({ type: 'success' as const, text: translate('common:copy.done') }), target: showToastFx });
sample({ clock: copyTextFx.fail, fn: () => ({ type: 'error' as const, text: translate('common:copy.failed') }), target: showToastFx });
