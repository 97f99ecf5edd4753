import { describe, expect, it } from 'vitest';
import { kilobytes, thumbnailsBytes } from './lite-photos.ts';

describe("lite mode's Show photos", () => {
  it('adds up the thumbnails a tap downloads', () => {
    expect(thumbnailsBytes([{ thumbBytes: 30_000 }, { thumbBytes: 16_080 }])).toBe(46_080);
    expect(kilobytes(46_080)).toBe(45);
  });

  it('says nothing of the size when one photo was stored before its size was kept', () => {
    expect(thumbnailsBytes([{ thumbBytes: 30_000 }, {}])).toBeNull();
  });

  it('never says 0 KB', () => {
    expect(kilobytes(300)).toBe(1);
  });
});
