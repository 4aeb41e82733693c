import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createApiEffect, mobileDetailResponse } from '@/shared/api';

export const mobileDetailFx = createApiEffect(
  (query: { no: string; viewToken: string }) => ({ method: 'GET', path: '/check/mobileDetail', query }),
  { quiet: true },
);
/** GET /api/check/mobileDetail?no=&viewToken=: the mobile certificate (hashes, the certificate HTML, a preview link). */
export const mobileDetailQuery = createQuery({ effect: mobileDetailFx, contract: zodContract(mobileDetailResponse) });
