import { Button } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { CaptchaImage, SendCodeButton } from '@/entities/auth-code';
import {
  $codeLoginError,
  $codeLoginPending,
  codeLoginCaptcha,
  codeLoginForm,
  CodeLoginGate,
  codeLoginSender,
  codeLoginSubmitted,
} from '../model/login-by-code';

/** Sign-in with phone and a code sent by SMS (the image captcha guards the sending). */
export function CodeLoginForm() {
  const { t } = useTranslation('auth');
  useGate(CodeLoginGate);
  const [values, errors, changed, blurred, submitted, pending, serverError] = useUnit([
    codeLoginForm.$values,
    codeLoginForm.$errors,
    codeLoginForm.fieldChanged,
    codeLoginForm.fieldBlurred,
    codeLoginSubmitted,
    $codeLoginPending,
    $codeLoginError,
  ]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form className="form-stack" noValidate onSubmit={onSubmit}>
      <FormField
        id="code-login-phone"
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
        id="code-login-captcha"
        label={t('field.captcha')}
        value={values.captcha}
        error={errors.captcha}
        autoComplete="off"
        maxLength={4}
        placeholder={t('placeholder.captcha')}
        onChange={(value) => changed({ name: 'captcha', value })}
        onBlur={() => blurred('captcha')}
        addon={<CaptchaImage captcha={codeLoginCaptcha} />}
      />
      <FormField
        id="code-login-sms-code"
        label={t('field.smsCode')}
        value={values.smsCode}
        error={errors.smsCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('placeholder.smsCode')}
        onChange={(value) => changed({ name: 'smsCode', value })}
        onBlur={() => blurred('smsCode')}
        addon={<SendCodeButton sender={codeLoginSender} />}
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
