import { createUploadEffect, type UploadProgress } from '@/shared/api';

export type UploadEvidenceParams = {
  file: File;
  label: string;
  title?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** POST /api/data/upload (multipart: `label`, optional `title`, then `file`): preserves one file. */
export const uploadEvidenceFx = createUploadEffect(({ file, label, title, onProgress, signal }: UploadEvidenceParams) => ({
  path: '/data/upload',
  fields: { label, title: title || undefined },
  file,
  fileName: file.name,
  onProgress,
  signal,
}));
