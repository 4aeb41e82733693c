import { describe, expect, it } from 'vitest';
import { detailsHref } from './details-link';

const words = { image: 'IMG', video: 'VID', audio: 'AUD', document: 'DOC', other: 'OTH' };

describe('view details links (spec section 2)', () => {
  it('sends each kind of record to its page', () => {
    const data = {
      id: 1,
      type: 1 as const,
      baoquan: 'BQ1',
      title: 't',
      label: '',
      saveTime: '',
      fileType: 'document' as const,
      fileUrl: 'abc*d',
      fileStatus: 1 as const,
    };
    expect(detailsHref(data, words)).toBe('/attestation/BQ1?fileUrl=abc*d&fileType=DOC&isDownload=1');
    expect(detailsHref({ ...data, type: 5 }, words)).toContain('/attestation/BQ1?');
    expect(detailsHref({ ...data, type: 2, timeLength: 5 }, words)).toBe('/evidencesPro/BQ1?id=1');
    expect(detailsHref({ ...data, type: 4, timeLength: 5 }, words)).toBe('/evidencesPro/BQ1?id=1');
    expect(detailsHref({ id: 3, type: 3, baoquan_no: 'BQ3', name: 'n', url: 'https://a', label: '', time: '' }, words)).toBe(
      '/evidencesWeb/BQ3?id=3',
    );
  });
});
