import { Button } from '@/shared/ui/button';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { FormField, useField } from '@/shared/ui/form-field';
import { formWentLive } from '@/shared/lib/form';
import { CaptchaField, PhoneField, SmsCodeField } from '@/entities/auth-code';
import {
  $resetError,
  $resetPending,
  resetCodeSender,
  resetPasswordCaptcha,
  resetPasswordForm,
  ResetPasswordGate,
  resetPasswordSubmitted,
} from '../model/reset-password';

/** Password reset: prove the phone with an SMS code, then set a new password. */
export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  useGate(ResetPasswordGate);
  const phoneField = useField(resetPasswordForm, 'phone');
  const captchaField = useField(resetPasswordForm, 'captcha');
  const smsCodeField = useField(resetPasswordForm, 'smsCode');
  const passwordField = useField(resetPasswordForm, 'password');
  const confirmPasswordField = useField(resetPasswordForm, 'confirmPassword');
  const [submitted, pending, serverError] = useUnit([resetPasswordSubmitted, $resetPending, $resetError]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form ref={formWentLive} className="form-stack" noValidate onSubmit={onSubmit}>
      <PhoneField id="reset-phone" field={phoneField} />
      <CaptchaField id="reset-captcha" field={captchaField} captcha={resetPasswordCaptcha} />
      <SmsCodeField id="reset-sms-code" field={smsCodeField} sender={resetCodeSender} />
      <FormField
        id="reset-password"
        label={t('field.newPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.newPassword')}
        {...passwordField}
      />
      <FormField
        id="reset-confirm-password"
        label={t('field.confirmNewPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.confirmPassword')}
        {...confirmPasswordField}
      />
      <div className="form-stack__alert" role="alert">
        {serverError}
      </div>
      <Button type="submit" block loading={pending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
