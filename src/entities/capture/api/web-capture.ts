import { createMutation } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import { webCaptureResponse } from '@contracts';

export type WebCaptureBody = { urls: string; title: string; label: string };

export const webCaptureFx = api.post('/capture/web', (body: WebCaptureBody) => body);
/** POST /api/capture/web {urls, title, label}: one queued capture per address. */
export const webCaptureMutation = createMutation({ effect: webCaptureFx, contract: zodContract(webCaptureResponse) });
