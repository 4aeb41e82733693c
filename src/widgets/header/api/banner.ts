import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { bannerResponse } from '@contracts';

/** The site-wide banner title (spec section 2: shown when the server supplies a title). */
export const bannerQuery = createQuery({
  effect: api.post('/user/getBanner'),
  contract: zodContract(bannerResponse),
});
