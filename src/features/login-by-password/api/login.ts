import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { createApiEffect, type loginRequest, sessionResponse } from '@/shared/api';

export type LoginBody = z.output<typeof loginRequest>;

/** POST /api/login {phone, password, captchaId, captcha} -> {token, userInfo}. */
export const loginFx = createApiEffect((body: LoginBody) => ({ method: 'POST', path: '/login', body }));

export const loginMutation = createMutation({ effect: loginFx, contract: zodContract(sessionResponse) });
