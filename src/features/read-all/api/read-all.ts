import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createApiEffect, newsChangeResponse } from '@/shared/api';

export const readAllNewsFx = createApiEffect(() => ({ method: 'POST', path: '/News/read', body: { newsId: 'all' } }));

/** POST /api/News/read {newsId: all}: every notification of the owner becomes read; answers the unread count left. */
export const readAllNewsMutation = createMutation({ effect: readAllNewsFx, contract: zodContract(newsChangeResponse) });
