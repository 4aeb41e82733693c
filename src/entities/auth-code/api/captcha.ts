import { concurrency, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { imgCodeResponse } from '@contracts';

/** POST /api/Register/getImgCode (empty payload): a one-time image captcha, {captchaId, image}. */
export function createCaptchaQuery() {
  const getCaptchaFx = api.post('/Register/getImgCode');
  const captchaQuery = createQuery({ effect: getCaptchaFx, contract: zodContract(imgCodeResponse) });
  // A click on the image while one is loading asks again: only the newest answer counts.
  concurrency(captchaQuery, { strategy: 'TAKE_LATEST' });
  return { captchaQuery, getCaptchaFx };
}
