import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { userInfoSchema } from '@contracts';
import { api } from '@/shared/api';

/** The current user; the path is ours (spec: "paths not shown"), documented in docs/api.md. */
export const userInfoQuery = createQuery({
  effect: api.post('/user/getUserInfo'),
  contract: zodContract(userInfoSchema),
});
