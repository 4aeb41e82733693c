import { Button } from '@/shared/ui/button';
import { useGate, useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { useField } from '@/shared/ui/form-field';
import { formWentLive } from '@/shared/lib/form';
import { CaptchaField, PhoneField, SmsCodeField } from '@/entities/auth-code';
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
  const phoneField = useField(codeLoginForm, 'phone');
  const captchaField = useField(codeLoginForm, 'captcha');
  const smsCodeField = useField(codeLoginForm, 'smsCode');
  const [submitted, pending, serverError] = useUnit([codeLoginSubmitted, $codeLoginPending, $codeLoginError]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form ref={formWentLive} className="form-stack" noValidate onSubmit={onSubmit}>
      <PhoneField id="code-login-phone" field={phoneField} />
      <CaptchaField id="code-login-captcha" field={captchaField} captcha={codeLoginCaptcha} />
      <SmsCodeField id="code-login-sms-code" field={smsCodeField} sender={codeLoginSender} />
      <div className="form-stack__alert" role="alert">
        {serverError}
      </div>
      <Button type="submit" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
