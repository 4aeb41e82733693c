import { useTranslation } from '@/shared/i18n';
import { FormField, type BoundField } from '@/shared/ui/form-field';
import type { CaptchaModel } from '../model/captcha';
import type { CodeSenderModel } from '../model/code-sender';
import { CaptchaImage } from './captcha-image';
import { SendCodeButton } from './send-code-button';

type FieldProps = { id: string; field: BoundField };

/** The phone number of the sign-in forms (11 digits, numeric keyboard on phones). */
export function PhoneField({ id, field, autoComplete = 'tel' }: FieldProps & { autoComplete?: string }) {
  const { t } = useTranslation('auth');
  return (
    <FormField
      id={id}
      label={t('field.phone')}
      type="tel"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={11}
      placeholder={t('placeholder.phone')}
      {...field}
    />
  );
}

/** The image captcha, with the picture beside it (a click fetches a new one). */
export function CaptchaField({ id, field, captcha }: FieldProps & { captcha: CaptchaModel }) {
  const { t } = useTranslation('auth');
  return (
    <FormField
      id={id}
      label={t('field.captcha')}
      autoComplete="off"
      maxLength={4}
      placeholder={t('placeholder.captcha')}
      addon={<CaptchaImage captcha={captcha} />}
      {...field}
    />
  );
}

/** The 6-digit SMS code, with the button that sends it and counts down before another. */
export function SmsCodeField({ id, field, sender }: FieldProps & { sender: CodeSenderModel }) {
  const { t } = useTranslation('auth');
  return (
    <FormField
      id={id}
      label={t('field.smsCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('placeholder.smsCode')}
      addon={<SendCodeButton sender={sender} />}
      {...field}
    />
  );
}
