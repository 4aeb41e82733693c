import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { newsChangeResponse } from '@contracts';

export const readAllNewsFx = api.post('/News/read', () => ({ newsId: 'all' }));

/** POST /api/News/read {newsId: all}: every notification of the owner becomes read; answers the unread count left. */
export const readAllNewsMutation = createMutation({ effect: readAllNewsFx, contract: zodContract(newsChangeResponse) });
