import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngWith } from '../test-support/uploads';
import { describeType, sniffType } from './sniff';

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A zip whose first member is `name` (deflated), as Office and ODF writers put it first. */
function zipWith(name: string, content: string, stored = false): Buffer {
  const data = stored ? Buffer.from(content) : deflateRawSync(Buffer.from(content));
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(stored ? 0 : 8, 8);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(Buffer.byteLength(content), 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name, 'latin1'), data, Buffer.alloc(64)]);
}
const DOCX = zipWith(
  '[Content_Types].xml',
  '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);
const ODT = zipWith('mimetype', 'application/vnd.oasis.opendocument.text', true);
const PLAIN_ZIP = zipWith('photos/a.txt', 'just a holiday list');

/** An EBML header naming its DocType, as WebM files start. */
const WEBM = bytes(
  [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84],
  'webm',
  [0x42, 0x87, 0x81, 0x02],
  Buffer.alloc(64),
);
/** An MPEG-1 layer III frame header (128 kbit/s, 44.1 kHz). */
const MP3 = bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(413));
/** An Ogg page carrying a Vorbis identification header. */
const OGG = bytes('OggS', [0, 2], Buffer.alloc(20), [1, 30], [1], 'vorbis', Buffer.alloc(64));

describe('type sniffing by magic bytes (file-type)', () => {
  const cases: [string, Buffer, string, string][] = [
    ['png', pngWith(Buffer.alloc(32)), 'image', 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image', 'image/jpeg'],
    ['gif', bytes('GIF89a'), 'image', 'image/gif'],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image', 'image/webp'],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image', 'image/heic'],
    ['pdf', bytes('%PDF-1.7'), 'document', 'application/pdf'],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom'), 'video', 'video/mp4'],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video', 'video/quicktime'],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio', 'audio/mp4'],
    ['webm', WEBM, 'video', 'video/webm'],
    ['avi', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video', 'video/x-msvideo'],
    ['mp3', MP3, 'audio', 'audio/mpeg'],
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio', 'audio/wav'],
    ['ogg', OGG, 'audio', 'audio/ogg'],
    ['flac', bytes('fLaC'), 'audio', 'audio/flac'],
    ['amr', bytes('#!AMR\n'), 'audio', 'audio/amr'],
    ['zip', PLAIN_ZIP, 'other', 'application/zip'],
    ['ooxml', DOCX, 'document', 'application/zip'],
    ['odf', ODT, 'document', 'application/zip'],
    ['ole', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'document', 'application/x-ole-storage'],
    ['text', Buffer.from('合同正文：甲方与乙方……\n', 'utf8'), 'document', 'text/plain; charset=utf-8'],
  ];
  for (const [type, head, kind, mime] of cases) {
    it(`recognises ${type}`, async () => {
      const sniffed = await sniffType(head);
      expect(sniffed).toBe(type);
      expect(describeType(sniffed)).toEqual({ kind, mime });
    });
  }

  it('judges a damaged PNG by its signature, as the upload routes always have', async () => {
    expect(await sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]))).toBe('png');
  });

  it('leaves unknown binary and an empty file as other, whatever the name claims', async () => {
    expect(await sniffType(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff]))).toBeNull();
    expect(await sniffType(Buffer.alloc(0))).toBeNull();
    expect(describeType(null, 'holiday.jpg')).toEqual({ kind: 'other', mime: 'application/octet-stream' });
    // A PNG named .pdf is an image.
    expect(describeType(await sniffType(pngWith(Buffer.alloc(8))), 'contract.pdf').kind).toBe('image');
  });

  it('takes the exact Office format from the name only once the bytes say Office', async () => {
    const docx = await sniffType(DOCX);
    expect(describeType(docx, '合同.docx').mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(describeType(docx, 'a.xlsx').mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(describeType(await sniffType(PLAIN_ZIP), 'fake.docx')).toEqual({ kind: 'other', mime: 'application/zip' });
  });

  it('takes sound from the name only for a container that holds video or sound', () => {
    expect(describeType('webm', 'recording.weba')).toEqual({ kind: 'audio', mime: 'audio/webm' });
    expect(describeType('mp4', 'recording.m4a')).toEqual({ kind: 'audio', mime: 'audio/mp4' });
    expect(describeType('webm', 'recording.webm')).toEqual({ kind: 'video', mime: 'video/webm' });
    // A PNG named .weba stays an image.
    expect(describeType('png', 'fake.weba').kind).toBe('image');
  });
});
