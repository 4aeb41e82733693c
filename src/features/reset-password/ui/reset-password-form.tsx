import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaImage, SendCodeButton } from '@/entities/auth-code';
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
  const [values, errors, changed, blurred, submitted, pending, serverError] = useUnit([
    resetPasswordForm.$values,
    resetPasswordForm.$errors,
    resetPasswordForm.fieldChanged,
    resetPasswordForm.fieldBlurred,
    resetPasswordSubmitted,
    $resetPending,
    $resetError,
  ]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit}>
      <FormField
        id="reset-phone"
        label={t('field.phone')}
        value={values.phone}
        error={errors.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder={t('placeholder.phone')}
        onChange={(value) => changed({ name: 'phone', value })}
        onBlur={() => blurred('phone')}
      />
      <FormField
        id="reset-captcha"
        label={t('field.captcha')}
        value={values.captcha}
        error={errors.captcha}
        autoComplete="off"
        maxLength={4}
        placeholder={t('placeholder.captcha')}
        onChange={(value) => changed({ name: 'captcha', value })}
        onBlur={() => blurred('captcha')}
        addon={<CaptchaImage captcha={resetPasswordCaptcha} />}
      />
      <FormField
        id="reset-sms-code"
        label={t('field.smsCode')}
        value={values.smsCode}
        error={errors.smsCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('placeholder.smsCode')}
        onChange={(value) => changed({ name: 'smsCode', value })}
        onBlur={() => blurred('smsCode')}
        addon={<SendCodeButton sender={resetCodeSender} />}
      />
      <FormField
        id="reset-password"
        label={t('field.newPassword')}
        value={values.password}
        error={errors.password}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.newPassword')}
        onChange={(value) => changed({ name: 'password', value })}
        onBlur={() => blurred('password')}
      />
      <FormField
        id="reset-confirm-password"
        label={t('field.confirmNewPassword')}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.confirmPassword')}
        onChange={(value) => changed({ name: 'confirmPassword', value })}
        onBlur={() => blurred('confirmPassword')}
      />
      <div className="form-stack__alert" role="alert">
        {serverError}
      </div>
      <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={pending}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
