import { concurrency, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { appVersionResponse } from '@contracts';

export const appVersionFx = api.post('/home/getAppVersion');

/** The current mobile app release (spec: /api/home/getAppVersion). */
export const appVersionQuery = createQuery({
  effect: appVersionFx,
  contract: zodContract(appVersionResponse),
});
concurrency(appVersionQuery, { strategy: 'TAKE_LATEST' });
