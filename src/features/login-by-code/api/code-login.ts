import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { sessionResponse, type smsLoginRequest } from '@contracts';

export type CodeLoginBody = z.output<typeof smsLoginRequest>;

/** POST /api/Login/smsLogin {phone, smsCode} -> {token, userInfo}. */
export const codeLoginFx = api.post('/Login/smsLogin', (body: CodeLoginBody) => body);

export const codeLoginMutation = createMutation({ effect: codeLoginFx, contract: zodContract(sessionResponse) });
