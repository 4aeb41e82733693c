import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaImage } from '@/entities/auth-code';
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
  const [values, errors, changed, blurred, submitted, pending, serverError] = useUnit([
    passwordLoginForm.$values,
    passwordLoginForm.$errors,
    passwordLoginForm.fieldChanged,
    passwordLoginForm.fieldBlurred,
    loginFormSubmitted,
    $loginPending,
    $loginError,
  ]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit}>
      <FormField
        id="password-login-phone"
        label={t('field.phone')}
        value={values.phone}
        error={errors.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        maxLength={11}
        placeholder={t('placeholder.phone')}
        onChange={(value) => changed({ name: 'phone', value })}
        onBlur={() => blurred('phone')}
      />
      <FormField
        id="password-login-password"
        label={t('field.password')}
        value={values.password}
        error={errors.password}
        type="password"
        autoComplete="current-password"
        maxLength={18}
        placeholder={t('placeholder.password')}
        onChange={(value) => changed({ name: 'password', value })}
        onBlur={() => blurred('password')}
      />
      <FormField
        id="password-login-captcha"
        label={t('field.captcha')}
        value={values.captcha}
        error={errors.captcha}
        autoComplete="off"
        maxLength={4}
        placeholder={t('placeholder.captcha')}
        onChange={(value) => changed({ name: 'captcha', value })}
        onBlur={() => blurred('captcha')}
        addon={<CaptchaImage captcha={passwordLoginCaptcha} />}
      />
      <div className="form-stack__alert" role="alert">
        {serverError}
      </div>
      <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
