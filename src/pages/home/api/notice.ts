import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createApiEffect } from '@/shared/api';
import { noticeResponse } from '@/shared/api';

/** Public notices shown on the home page (spec: /api/news/notice). */
export const noticeQuery = createQuery({
  effect: createApiEffect(() => ({ method: 'POST', path: '/news/notice' })),
  contract: zodContract(noticeResponse),
});
