import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import {
  captureDetailResponse,
  captureItemSchema,
  captureListResponse,
  captureOtherResponse,
  capturePricesResponse,
  labelListResponse,
  type CaptureType,
} from '@contracts';

/** Parameters of the collection lists (spec section 7: limit 20, label, startTime, endTime, keyword, page, type, appType). */
export type CaptureListParams = {
  page: number;
  limit: number;
  type: CaptureType;
  label?: string;
  keyword?: string;
  startTime?: number;
  endTime?: number;
  appType?: 1;
  /** 1: preserved records only (the batch download variants). */
  done?: 1;
};

/** GET /api/Evidences/listing: one query per list (web, process, mobile and their download variants). */
export function createCaptureListQuery() {
  return createQuery({
    effect: api.get('/Evidences/listing', (params: CaptureListParams) => params),
    contract: zodContract(captureListResponse),
  });
}

/** GET /api/capture/labels?type=: the labels of the caller's captures of one type. */
export function createCaptureLabelsQuery() {
  return createQuery({
    effect: api.get('/capture/labels', (type: CaptureType) => ({ type })),
    contract: zodContract(labelListResponse),
  });
}

export const capturePricesFx = api.get('/capture/prices');
/** GET /api/capture/prices: points per web address, per recorded session, per app upload. */
export const capturePricesQuery = createQuery({ effect: capturePricesFx, contract: zodContract(capturePricesResponse) });

export const captureItemFx = api.get('/capture/item', (id: number) => ({ id }));
/** GET /api/capture/item?id=: one capture with its state (the queue pages poll it). */
export const captureItemQuery = createQuery({ effect: captureItemFx, contract: zodContract(captureItemSchema) });

export type RecordParams = { baoquan: string; code?: string };

/**
 * GET /api/Evidences/detail?baoquan=&code=: a collected record as the caller may see it. Quiet: a wrong
 * extraction code or a missing record is shown on the page, not as a toast.
 */
export const captureDetailFx = api.get('/Evidences/detail', (query: RecordParams) => query, { quiet: true });

/** GET /api/evidences/other?baoquan=&code=: signed links of the record's parts (screenshot, video ...). */
export const captureOtherFx = api.get('/evidences/other', (query: RecordParams) => query, { quiet: true });

export const parseCaptureDetail = (data: unknown) => captureDetailResponse.parse(data);
export const parseCaptureParts = (data: unknown) => captureOtherResponse.parse(data).list;
