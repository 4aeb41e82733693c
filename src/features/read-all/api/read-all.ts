import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { attach } from 'effector';
import { newsChangeResponse } from '@contracts';
import { readNewsFx } from '@/entities/notification';

/** The notification entity's POST /api/News/read with {newsId: all}: every notification of the owner becomes read. */
export const readAllNewsFx = attach({ effect: readNewsFx, mapParams: () => 'all' });

/** Its own mutation, so that only a read-all (not reading chosen messages) tells the lists that everything is read. */
export const readAllNewsMutation = createMutation({ effect: readAllNewsFx, contract: zodContract(newsChangeResponse) });
