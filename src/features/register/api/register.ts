import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { type registerRequest, sessionResponse } from '@contracts';

export type RegisterBody = z.output<typeof registerRequest>;

/** POST /api/Register {phone, smsCode, password, confirmPassword} -> {token, userInfo}. */
export const registerFx = api.post('/Register', (body: RegisterBody) => body);

export const registerMutation = createMutation({ effect: registerFx, contract: zodContract(sessionResponse) });
