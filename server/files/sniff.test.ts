import { describe, expect, it } from 'vitest';
import { describeType, sniffType } from './sniff';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc(64)]);

describe('type sniffing by magic bytes', () => {
  const cases: [string, Buffer, string, string][] = [
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image', 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image', 'image/jpeg'],
    ['gif', bytes('GIF89a'), 'image', 'image/gif'],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image', 'image/webp'],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic'), 'image', 'image/heic'],
    ['pdf', bytes('%PDF-1.7'), 'document', 'application/pdf'],
    ['mp4', bytes([0, 0, 0, 0x20], 'ftypisom'), 'video', 'video/mp4'],
    ['mov', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video', 'video/quicktime'],
    ['m4a', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio', 'audio/mp4'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video', 'video/webm'],
    ['avi', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video', 'video/x-msvideo'],
    ['mp3', bytes('ID3', [4, 0, 0]), 'audio', 'audio/mpeg'],
    ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio', 'audio/wav'],
    ['ogg', bytes('OggS', [0]), 'audio', 'audio/ogg'],
    ['flac', bytes('fLaC'), 'audio', 'audio/flac'],
    ['amr', bytes('#!AMR\n'), 'audio', 'audio/amr'],
    ['zip', bytes([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(26).toString('latin1'), 'photos/a.jpg'), 'other', 'application/zip'],
    ['ooxml', bytes([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(26).toString('latin1'), '[Content_Types].xml'), 'document', 'application/zip'],
    ['ole', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'document', 'application/x-ole-storage'],
    ['text', Buffer.from('合同正文：甲方与乙方……\n', 'utf8'), 'document', 'text/plain; charset=utf-8'],
  ];
  for (const [type, head, kind, mime] of cases) {
    it(`recognises ${type}`, () => {
      const sniffed = sniffType(type === 'text' ? head : pad(head));
      expect(sniffed).toBe(type);
      expect(describeType(sniffed)).toEqual({ kind, mime });
    });
  }

  it('leaves unknown binary as other, whatever the name claims', () => {
    const head = Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff]);
    expect(sniffType(head)).toBeNull();
    expect(describeType(null, 'holiday.jpg')).toEqual({ kind: 'other', mime: 'application/octet-stream' });
    // A PNG named .pdf is an image.
    expect(describeType(sniffType(pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))), 'contract.pdf').kind).toBe('image');
  });

  it('takes the exact Office format from the name only once the bytes say Office', () => {
    const docx = pad(bytes([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(26).toString('latin1'), '[Content_Types].xml'));
    expect(describeType(sniffType(docx), '合同.docx').mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(describeType(sniffType(docx), 'a.xlsx').mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const plainZip = pad(bytes([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(26).toString('latin1'), 'a.txt'));
    expect(describeType(sniffType(plainZip), 'fake.docx')).toEqual({ kind: 'other', mime: 'application/zip' });
  });
});
