import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import { api } from '@/shared/api';
import {
  notaryDetailResponse,
  notaryDownloadResponse,
  notaryEvidenceResponse,
  notaryListResponse,
  notaryStateResponse,
  notaryStopResponse,
  type NotaryDetailQuery,
  type NotaryDocumentType,
  type NotaryEvidenceQuery,
  type NotaryListQuery,
} from '@contracts';

/** GET /api/notary/list: the owner's orders, 10 a page, with the spec's filters. */
export const notaryListFx = api.get('/notary/list', (query: NotaryListQuery) => query);
export const notaryListContract = zodContract(notaryListResponse);

/** GET /api/notary/state {orderId}: what the wizard shows of an order. */
export const notaryStateFx = api.get('/notary/state', (orderId: number) => ({ orderId }));
export const notaryStateContract = zodContract(notaryStateResponse);

/** GET /api/notary/detail {orderId, page}: order info and its records, 10 a page. */
export const notaryDetailFx = api.get('/notary/detail', (query: NotaryDetailQuery) => query);
export const notaryDetailContract = zodContract(notaryDetailResponse);

/** A query of one order's records (the detail page, the wizard's decryption step). */
export const createNotaryDetailQuery = () => createQuery({ effect: notaryDetailFx, contract: notaryDetailContract });

/** GET /api/notary/evidenceList {type, page, keyword}: records of one type that may be notarised. */
export const notaryEvidenceFx = api.get('/notary/evidenceList', (query: NotaryEvidenceQuery) => query);
export const notaryEvidenceContract = zodContract(notaryEvidenceResponse);

/** GET /api/notary/download {orderId, type}: a signed link of the PDF, or the "being generated" text. */
export const notaryDownloadFx = api.get('/notary/download', (query: { orderId: number; type: NotaryDocumentType }) => query);
export const notaryDownloadContract = zodContract(notaryDownloadResponse);

/** POST /api/Evidences/stop {orderId}: ends an unfinished order (it becomes voided); data.msg is the server's message. */
export const notaryStopFx = api.post('/Evidences/stop', (orderId: number) => ({ orderId }));
export const notaryStopContract = zodContract(notaryStopResponse);
