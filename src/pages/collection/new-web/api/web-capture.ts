import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { createApiEffect, webCaptureResponse } from '@/shared/api';

export type WebCaptureBody = { urls: string; title: string; label: string };

export const webCaptureFx = createApiEffect((body: WebCaptureBody) => ({ method: 'POST', path: '/capture/web', body }));
/** POST /api/capture/web {urls, title, label}: one queued capture per address. */
export const webCaptureMutation = createMutation({ effect: webCaptureFx, contract: zodContract(webCaptureResponse) });
