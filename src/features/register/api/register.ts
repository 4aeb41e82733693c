import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import type { z } from 'zod';
import { createApiEffect, type registerRequest, sessionResponse } from '@/shared/api';

export type RegisterBody = z.output<typeof registerRequest>;

/** POST /api/Register {phone, smsCode, password, confirmPassword} -> {token, userInfo}. */
export const registerFx = createApiEffect((body: RegisterBody) => ({ method: 'POST', path: '/Register', body }));

export const registerMutation = createMutation({ effect: registerFx, contract: zodContract(sessionResponse) });
