import { createMutation } from '@farfetched/core';
import type { z } from 'zod';
import { createApiEffect, type resetPasswordRequest } from '@/shared/api';

export type ResetPasswordBody = z.output<typeof resetPasswordRequest>;

/** POST /api/login/resetPassword {phone, smsCode, password, confirmPassword}; answers no data. */
export const resetPasswordFx = createApiEffect((body: ResetPasswordBody) => ({ method: 'POST', path: '/login/resetPassword', body }));

export const resetPasswordMutation = createMutation({ effect: resetPasswordFx });
