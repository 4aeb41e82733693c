import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { Button } from '@/shared/ui/button';
import { FormField, useAdoptDomValue, useField } from '@/shared/ui/form-field';
import { formWentLive } from '@/shared/lib/form';
import { CaptchaField, PhoneField, SmsCodeField } from '@/entities/auth-code';
import {
  $registerError,
  $registerPending,
  agreementToggled,
  registerCaptcha,
  registerCodeSender,
  registerForm,
  RegisterGate,
  registerSubmitted,
} from '../model/register';
import './register-form.css';

/** Sign-up: phone, captcha, SMS code, password twice, and consent to the user agreement and privacy policy. */
export function RegisterForm() {
  const { t } = useTranslation('auth');
  useGate(RegisterGate);
  const phoneField = useField(registerForm, 'phone');
  const captchaField = useField(registerForm, 'captcha');
  const smsCodeField = useField(registerForm, 'smsCode');
  const passwordField = useField(registerForm, 'password');
  const confirmPasswordField = useField(registerForm, 'confirmPassword');
  const [values, errors, toggled, submitted, pending, serverError] = useUnit([
    registerForm.$values,
    registerForm.$errors,
    agreementToggled,
    registerSubmitted,
    $registerPending,
    $registerError,
  ]);
  const agreement = useAdoptDomValue<HTMLInputElement, boolean>(values.agreed, toggled);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  const agreementError = errors.agreed ? translateMessage(errors.agreed) : '';
  return (
    <form ref={formWentLive} className="form-stack" noValidate onSubmit={onSubmit}>
      <PhoneField id="register-phone" field={phoneField} />
      <CaptchaField id="register-captcha" field={captchaField} captcha={registerCaptcha} />
      <SmsCodeField id="register-sms-code" field={smsCodeField} sender={registerCodeSender} />
      <FormField
        id="register-password"
        label={t('field.password')}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.newPassword')}
        {...passwordField}
      />
      <FormField
        id="register-confirm-password"
        label={t('field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.confirmPassword')}
        {...confirmPasswordField}
      />
      <div className="register-agreement">
        <div className="register-agreement__line">
          <label className="register-agreement__check">
            <input
              ref={agreement}
              id="register-agreed"
              type="checkbox"
              checked={values.agreed}
              aria-invalid={Boolean(agreementError)}
              aria-describedby={agreementError ? 'register-agreement-error' : 'register-agreement-links'}
              onChange={(event) => toggled(event.target.checked)}
            />
            {t('register.agree')}
          </label>
          <span id="register-agreement-links">
            <a href={paths.userAgreement} target="_blank" rel="noopener noreferrer">
              {t('register.userAgreement')}
            </a>
            {t('register.and')}
            <a href={paths.privacy} target="_blank" rel="noopener noreferrer">
              {t('register.privacy')}
            </a>
          </span>
        </div>
        <div id="register-agreement-error" className="form-field__error" aria-live="polite">
          {agreementError}
        </div>
      </div>
      <div className="form-stack__alert" role="alert">
        {serverError}
      </div>
      <Button type="submit" block loading={pending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
