import { concurrency, createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { newsChangeResponse, newsListingResponse } from '@contracts';

export const newsListingFx = api.post('/News/listing', (page: number) => ({ page }));

/** POST /api/News/listing {page}: 10 per page, newest first. */
export const newsListQuery = createQuery({ effect: newsListingFx, contract: zodContract(newsListingResponse) });
concurrency(newsListQuery, { strategy: 'TAKE_LATEST' });

export const readNewsFx = api.post('/News/read', (newsId: string) => ({ newsId }));

/** POST /api/News/read {newsId}: a comma list of ids, or `all` (read-all). */
export const readNewsMutation = createMutation({ effect: readNewsFx, contract: zodContract(newsChangeResponse) });

export const deleteNewsFx = api.post('/News/del', (newsId: string) => ({ newsId }));

/** POST /api/News/del {newsId}: a comma list of the selected ids. */
export const deleteNewsMutation = createMutation({ effect: deleteNewsFx, contract: zodContract(newsChangeResponse) });
