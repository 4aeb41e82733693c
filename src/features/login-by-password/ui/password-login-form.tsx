import { Button } from '@/shared/ui/button';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { FormField, useField } from '@/shared/ui/form-field';
import { formWentLive } from '@/shared/lib/form';
import { CaptchaField, PhoneField } from '@/entities/auth-code';
import {
  $loginError,
  $loginPending,
  loginFormSubmitted,
  passwordLoginCaptcha,
  passwordLoginForm,
  PasswordLoginGate,
} from '../model/login-by-password';

/** Sign-in with phone, password and image captcha. */
export function PasswordLoginForm() {
  const { t } = useTranslation('auth');
  useGate(PasswordLoginGate);
  const phoneField = useField(passwordLoginForm, 'phone');
  const passwordField = useField(passwordLoginForm, 'password');
  const captchaField = useField(passwordLoginForm, 'captcha');
  const [submitted, pending, serverError] = useUnit([loginFormSubmitted, $loginPending, $loginError]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form ref={formWentLive} className="form-stack" noValidate onSubmit={onSubmit}>
      <PhoneField id="password-login-phone" field={phoneField} autoComplete="username" />
      <FormField
        id="password-login-password"
        label={t('field.password')}
        type="password"
        autoComplete="current-password"
        maxLength={18}
        placeholder={t('placeholder.password')}
        {...passwordField}
      />
      <CaptchaField id="password-login-captcha" field={captchaField} captcha={passwordLoginCaptcha} />
      <div className="form-stack__alert" role="alert">
        {serverError}
      </div>
      <Button type="submit" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
