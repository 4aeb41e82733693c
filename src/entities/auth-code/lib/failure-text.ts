import { ApiError } from '@/shared/api';
import { translate } from '@/shared/i18n';

/** The text to show for a failed call: the server's msg, the network message, or a generic one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.network) return translate('errors:network');
    return error.message || translate('errors:server');
  }
  return translate('errors:server');
}
