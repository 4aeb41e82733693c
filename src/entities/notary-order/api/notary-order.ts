import { createQuery } from '@farfetched/core';
import { zodContract } from '@farfetched/zod';
import {
  createApiEffect,
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
} from '@/shared/api';

/** GET /api/notary/list: the owner's orders, 10 a page, with the spec's filters. */
export const notaryListFx = createApiEffect((query: NotaryListQuery) => ({ method: 'GET', path: '/notary/list', query }));
export const notaryListContract = zodContract(notaryListResponse);

/** GET /api/notary/state {orderId}: what the wizard shows of an order. */
export const notaryStateFx = createApiEffect((orderId: number) => ({ method: 'GET', path: '/notary/state', query: { orderId } }));
export const notaryStateContract = zodContract(notaryStateResponse);

/** GET /api/notary/detail {orderId, page}: order info and its records, 10 a page. */
export const notaryDetailFx = createApiEffect((query: NotaryDetailQuery) => ({ method: 'GET', path: '/notary/detail', query }));
export const notaryDetailContract = zodContract(notaryDetailResponse);

/** A query of one order's records (the detail page, the wizard's decryption step). */
export const createNotaryDetailQuery = () => createQuery({ effect: notaryDetailFx, contract: notaryDetailContract });

/** GET /api/notary/evidenceList {type, page, keyword}: records of one type that may be notarised. */
export const notaryEvidenceFx = createApiEffect((query: NotaryEvidenceQuery) => ({ method: 'GET', path: '/notary/evidenceList', query }));
export const notaryEvidenceContract = zodContract(notaryEvidenceResponse);

/** GET /api/notary/download {orderId, type}: a signed link of the PDF, or the "being generated" text. */
export const notaryDownloadFx = createApiEffect((query: { orderId: number; type: NotaryDocumentType }) => ({ method: 'GET', path: '/notary/download', query }));
export const notaryDownloadContract = zodContract(notaryDownloadResponse);

/** POST /api/Evidences/stop {orderId}: ends an unfinished order (it becomes voided); data.msg is the server's message. */
export const notaryStopFx = createApiEffect((orderId: number) => ({ method: 'POST', path: '/Evidences/stop', body: { orderId } }));
export const notaryStopContract = zodContract(notaryStopResponse);
