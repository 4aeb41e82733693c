import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api, personalDataStatusResponse } from '@/shared/api';

/** POST /api/personalData/status: the caller's latest copy of their personal data (issue 22). */
export const personalDataStatusQuery = createQuery({
  effect: api.post('/personalData/status'),
  contract: zodContract(personalDataStatusResponse),
});

export const startPersonalDataFx = api.post('/personalData/start');

/** POST /api/personalData/start: a new copy, or the one in progress. */
export const startPersonalDataMutation = createMutation({
  effect: startPersonalDataFx,
  contract: zodContract(personalDataStatusResponse),
});
