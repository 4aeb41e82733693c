import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { $error, $serverMessage } from '../model/recorder';

/** Why the recording could not start or go on, in the person's words. */
export function RecorderErrorText() {
  const { t } = useTranslation('capture');
  const [error, serverMessage] = useUnit([$error, $serverMessage]);
  if (!error) return null;
  return (
    <p className="mobile-recorder__error" role="alert" data-testid="mobile-error">
      {error === 'refused' && serverMessage ? serverMessage : t(`mobileRecorder.error.${error}`)}
    </p>
  );
}
