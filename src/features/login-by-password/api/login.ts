import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { type loginRequest, sessionResponse } from '@contracts';

export type LoginBody = z.output<typeof loginRequest>;

/** POST /api/login {phone, password, captchaId, captcha} -> {token, userInfo}. */
export const loginFx = api.post('/login', (body: LoginBody) => body);

export const loginMutation = createMutation({ effect: loginFx, contract: zodContract(sessionResponse) });
