import { createCaptureListModel } from './list-model';

/** The three collection lists of spec section 2 and their batch download variants. */
export const webListModel = createCaptureListModel({ type: 3, download: false });
export const processListModel = createCaptureListModel({ type: 2, download: false });
export const mobileListModel = createCaptureListModel({ type: 4, download: false });
export const webDownloadModel = createCaptureListModel({ type: 3, download: true });
export const processDownloadModel = createCaptureListModel({ type: 2, download: true });
export const mobileDownloadModel = createCaptureListModel({ type: 4, download: true });
