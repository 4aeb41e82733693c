import { concurrency, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { noticeResponse } from '@contracts';

export const noticeFx = api.post('/news/notice');

/** Public notices shown on the home page (spec: /api/news/notice). */
export const noticeQuery = createQuery({
  effect: noticeFx,
  contract: zodContract(noticeResponse),
});
concurrency(noticeQuery, { strategy: 'TAKE_LATEST' });
