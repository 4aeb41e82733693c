import type { ServerModule } from '../module';
import { markFileMissing } from '../modules/evidence/file-presence';
import { registerFileDownloadRoute } from './links';

/** The download route of stored files (the links are made by the modules that own the files). */
export const filesModule: ServerModule = {
  name: 'files',
  register: (app, ctx) => registerFileDownloadRoute(app, { ...ctx, onMissing: (key) => markFileMissing(ctx.db, key) }),
};
