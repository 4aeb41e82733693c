import { Button, Checkbox } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaImage, SendCodeButton } from '@/entities/auth-code';
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
  const [values, errors, changed, blurred, toggled, submitted, pending, serverError] = useUnit([
    registerForm.$values,
    registerForm.$errors,
    registerForm.fieldChanged,
    registerForm.fieldBlurred,
    agreementToggled,
    registerSubmitted,
    $registerPending,
    $registerError,
  ]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  const agreementError = errors.agreed ? translateMessage(errors.agreed) : '';
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit}>
      <FormField
        id="register-phone"
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
        id="register-captcha"
        label={t('field.captcha')}
        value={values.captcha}
        error={errors.captcha}
        autoComplete="off"
        maxLength={4}
        placeholder={t('placeholder.captcha')}
        onChange={(value) => changed({ name: 'captcha', value })}
        onBlur={() => blurred('captcha')}
        addon={<CaptchaImage captcha={registerCaptcha} />}
      />
      <FormField
        id="register-sms-code"
        label={t('field.smsCode')}
        value={values.smsCode}
        error={errors.smsCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('placeholder.smsCode')}
        onChange={(value) => changed({ name: 'smsCode', value })}
        onBlur={() => blurred('smsCode')}
        addon={<SendCodeButton sender={registerCodeSender} />}
      />
      <FormField
        id="register-password"
        label={t('field.password')}
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
        id="register-confirm-password"
        label={t('field.confirmPassword')}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        type="password"
        autoComplete="new-password"
        maxLength={18}
        placeholder={t('placeholder.confirmPassword')}
        onChange={(value) => changed({ name: 'confirmPassword', value })}
        onBlur={() => blurred('confirmPassword')}
      />
      <div className="register-agreement">
        <div className="register-agreement__line">
          <Checkbox
            checked={values.agreed}
            aria-invalid={Boolean(agreementError)}
            aria-describedby={agreementError ? 'register-agreement-error' : 'register-agreement-links'}
            onChange={(event) => toggled(Boolean(event.target.checked))}
          >
            {t('register.agree')}
          </Checkbox>
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
      <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={pending}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
