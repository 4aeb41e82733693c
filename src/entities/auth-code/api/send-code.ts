import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { type sendSmsRequest, sendSmsResponse } from '@contracts';

/** What the code is for; each purpose has its own sending call (spec section 7). */
export type CodePurpose = 'register' | 'login' | 'reset';

export const SEND_CODE_PATHS: Record<CodePurpose, string> = {
  register: '/Register/sendSMS',
  login: '/Register/sendLoginSMS',
  reset: '/Register/sendResetSMS',
};

export type SendCodeBody = z.output<typeof sendSmsRequest>;

/** POST one of the sending calls with {phone, captchaId, captcha}; answers {resendAfter} in seconds. */
export function createSendCodeMutation(purpose: CodePurpose) {
  const sendCodeFx = api.post(SEND_CODE_PATHS[purpose], (body: SendCodeBody) => body);
  const sendCodeMutation = createMutation({ effect: sendCodeFx, contract: zodContract(sendSmsResponse) });
  return { sendCodeMutation, sendCodeFx };
}
