import { describe, expect, it } from 'vitest';
import { pickMime } from './mime';

describe('the recording container', () => {
  it('takes the first type the browser records, best first', () => {
    expect(pickMime('video', () => true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickMime('video', (type) => type === 'video/mp4')).toBe('video/mp4');
    expect(pickMime('audio', (type) => type.startsWith('audio/ogg') || type === 'audio/mp4')).toBe('audio/ogg');
  });

  it('answers null where the browser records none, and JPEG for a photo', () => {
    expect(pickMime('audio', () => false)).toBeNull();
    expect(pickMime('photo', () => false)).toBe('image/jpeg');
  });
});
