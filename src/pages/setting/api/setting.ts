import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { z } from 'zod';
import { api } from '@/shared/api';
import { extractCodeResponse } from '@contracts';

export const extractCodeFx = api.post('/user/getExtractCode');

/** POST /api/user/getExtractCode (path ours; spec: not shown). */
export const extractCodeQuery = createQuery({
  effect: extractCodeFx,
  contract: zodContract(extractCodeResponse),
});

export const saveExtractCodeFx = api.post('/user/setExtractCode', (extractCode: string) => ({ extractCode }));

/** POST /api/user/setExtractCode */
export const saveExtractCodeMutation = createMutation({ effect: saveExtractCodeFx, contract: zodContract(z.null()) });

export const editPasswordFx = api.post(
  '/user/editPassword',
  (body: { oldPassword: string; password: string; confirmPassword: string }) => body,
);

/** POST /api/user/editPassword (spec: oldPassword, password, confirmPassword). */
export const editPasswordMutation = createMutation({ effect: editPasswordFx, contract: zodContract(z.null()) });
