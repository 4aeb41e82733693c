import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { mobileDetailResponse } from '@contracts';

export const mobileDetailFx = api.get('/check/mobileDetail', (query: { no: string; viewToken: string }) => query, { quiet: true });
/** GET /api/check/mobileDetail?no=&viewToken=: the mobile certificate (hashes, the certificate HTML, a preview link). */
export const mobileDetailQuery = createQuery({ effect: mobileDetailFx, contract: zodContract(mobileDetailResponse) });
