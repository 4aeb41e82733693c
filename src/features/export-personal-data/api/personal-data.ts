import { createMutation, createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { personalDataStatusResponse, signedLinkResponse } from '@contracts';

/** The caller's latest copy of their personal data. */
export const personalDataStatusFx = api.post('/personalData/status');

/** POST /api/personalData/status, as a query (the page reads it on open and polls it while the copy is made). */
export const personalDataStatusQuery = createQuery({
  effect: personalDataStatusFx,
  contract: zodContract(personalDataStatusResponse),
});

export const personalDataLinkFx = api.post('/personalData/downloadLink');

/**
 * POST /api/personalData/downloadLink: a link made for this session that lives a minute and works once (a browser
 * download cannot send the session's header), asked for right when the user clicks download.
 */
export const personalDataLinkMutation = createMutation({
  effect: personalDataLinkFx,
  contract: zodContract(signedLinkResponse),
});

export const startPersonalDataFx = api.post('/personalData/start');

/** POST /api/personalData/start: a new copy, or the one in progress. */
export const startPersonalDataMutation = createMutation({
  effect: startPersonalDataFx,
  contract: zodContract(personalDataStatusResponse),
});
