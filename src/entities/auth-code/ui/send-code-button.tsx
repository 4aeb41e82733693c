import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { CountdownButton } from '@/shared/ui/countdown-button';
import type { CodeSenderModel } from '../model/code-sender';

/** "Get code", then "60 s before another" until the server's wait is over. */
export function SendCodeButton({ sender }: { sender: CodeSenderModel }) {
  const { t } = useTranslation('auth');
  const [remaining, sending, requested] = useUnit([sender.$remaining, sender.$sending, sender.codeRequested]);
  return (
    <CountdownButton
      remaining={remaining}
      loading={sending}
      label={t('code.send')}
      countingLabel={(seconds) => t('code.resend', { seconds })}
      onClick={() => requested()}
    />
  );
}
