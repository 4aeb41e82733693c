import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { $error } from '../model/recorder';

/** Why the recording could not start or go on, in the person's words. */
export function RecorderErrorText() {
  const { t } = useTranslation('capture');
  const error = useUnit($error);
  if (!error) return null;
  return (
    <p className="mobile-recorder__error" role="alert" data-testid="mobile-error">
      {t(`mobileRecorder.error.${error}`)}
    </p>
  );
}
