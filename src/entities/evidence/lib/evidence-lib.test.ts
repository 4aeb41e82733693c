/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certificateHref } from './certificate-link';
import { downloadStateMessageKey, downloadStateOf, parseDownloadQuery } from './download-state';
import { fileKindFromQueryWord, FILE_KINDS, queryWordOfFileKind, type FileKindWords } from './file-kind';
import { formatBytes } from './format';
import { DEFAULT_LANGUAGE } from '@/shared/config';

const evidenceCopy = JSON.parse(
  readFileSync(join(import.meta.dirname, `../../../../locales/${DEFAULT_LANGUAGE}/evidence.json`), 'utf8'),
) as {
  fileType: FileKindWords;
  download: Record<string, string>;
};
const words = evidenceCopy.fileType;

describe('fileType mapping (certificate query words <-> API codes)', () => {
  it('maps the spec words of the locale file to the codes and back', () => {
    expect(fileKindFromQueryWord('图片', words)).toBe('image');
    expect(fileKindFromQueryWord('视频', words)).toBe('video');
    expect(fileKindFromQueryWord('音频', words)).toBe('audio');
    expect(fileKindFromQueryWord('文档', words)).toBe('document');
    for (const kind of FILE_KINDS) expect(fileKindFromQueryWord(queryWordOfFileKind(kind, words), words)).toBe(kind);
  });

  it('gives null for a missing or unknown word', () => {
    expect(fileKindFromQueryWord(null, words)).toBeNull();
    expect(fileKindFromQueryWord('', words)).toBeNull();
    expect(fileKindFromQueryWord('image', words)).toBeNull();
    expect(fileKindFromQueryWord(' 图片 ', words)).toBe('image');
  });
});

describe('download states (spec sections 4 and 8)', () => {
  it('downloads an uploaded record whatever the query says', () => {
    expect(downloadStateOf(1)).toBe('ready');
    expect(downloadStateOf(1, 0)).toBe('ready');
    expect(downloadStateOf(1, 2)).toBe('ready');
  });

  it('says uploading for isDownload 0 with query 2, missing with query 0 or none', () => {
    expect(downloadStateOf(0, 2)).toBe('uploading');
    expect(downloadStateOf(0, 0)).toBe('missing');
    expect(downloadStateOf(0, null)).toBe('missing');
    expect(downloadStateOf(0, 1)).toBe('missing');
    expect(downloadStateOf(2)).toBe('uploading');
  });

  it('has the spec messages', () => {
    expect(evidenceCopy.download.uploading).toBe('证据上传中请稍后下载');
    expect(evidenceCopy.download.missing).toBe('证据缺失不可下载');
    expect(downloadStateMessageKey('uploading')).toBe('evidence:download.uploading');
    expect(downloadStateMessageKey('missing')).toBe('evidence:download.missing');
    expect(downloadStateMessageKey('ready')).toBeNull();
  });

  it('reads the isDownload query', () => {
    expect(['0', '1', '2', '3', '', null].map(parseDownloadQuery)).toEqual([0, 1, 2, null, null, null]);
  });
});

describe('certificate link', () => {
  it('carries fileUrl, the file type word and isDownload', () => {
    const href = certificateHref({ baoquan: 'BQ2026', path: 'abc*def==', fileType: 'image', isDownload: 1 }, words);
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/attestation/BQ2026');
    expect(Object.fromEntries(url.searchParams)).toEqual({ fileUrl: 'abc*def==', fileType: '图片', isDownload: '1' });
  });
});

describe('formatting', () => {
  it('formats sizes', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
