import { createMutation } from '@farfetched/core';
import type { z } from 'zod';
import { api } from '@/shared/api';
import { type resetPasswordRequest } from '@contracts';

export type ResetPasswordBody = z.output<typeof resetPasswordRequest>;

/** POST /api/login/resetPassword {phone, smsCode, password, confirmPassword}; answers no data. */
export const resetPasswordFx = api.post('/login/resetPassword', (body: ResetPasswordBody) => body);

export const resetPasswordMutation = createMutation({ effect: resetPasswordFx });
