import { concurrency, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { appVersionResponse, createApiEffect } from '@/shared/api';

export const appVersionFx = createApiEffect(() => ({ method: 'POST', path: '/home/getAppVersion' }));

/** The current mobile app release (spec: /api/home/getAppVersion). */
export const appVersionQuery = createQuery({
  effect: appVersionFx,
  contract: zodContract(appVersionResponse),
});
concurrency(appVersionQuery, { strategy: 'TAKE_LATEST' });
