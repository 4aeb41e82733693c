export {
  captureDetailFx,
  captureItemFx,
  captureItemQuery,
  captureOtherFx,
  capturePricesFx,
  capturePricesQuery,
  createCaptureLabelsQuery,
  createCaptureListQuery,
} from './api/capture';
export type { CaptureListParams, RecordParams } from './api/capture';
export {
  cancelProcessSessionFx,
  processFrameFx,
  sendProcessInputFx,
  startProcessSessionFx,
  startProcessSessionMutation,
  stopProcessSessionFx,
  stopProcessSessionMutation,
} from './api/process';
export { webCaptureFx, webCaptureMutation } from './api/web-capture';
export { chinaTimeText, isOpenState, listPathOf, queueHref, recordHref } from './lib/capture-lib';
export { createRecordView } from './model/record-view';
export type { RecordViewModel } from './model/record-view';
export { CaptureStateTag } from './ui/capture-state';
export { FactRow, PreservationFacts, RecordState, UnlockForm } from './ui/record-bits';
