import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_SIDE, photoPlan, resizedName, SMALL_PHOTO_BYTES } from './resize.ts';

describe('photoPlan', () => {
  it('brings a phone photo down to 1,600 px on its longest side, keeping its shape', () => {
    expect(MAX_PHOTO_SIDE).toBe(1600);
    expect(photoPlan(4032, 3024, 4_200_000)).toEqual({ width: 1600, height: 1200 });
    expect(photoPlan(3024, 4032, 4_200_000)).toEqual({ width: 1200, height: 1600 });
    expect(photoPlan(4000, 1000, 900_000)).toEqual({ width: 1600, height: 400 });
    expect(photoPlan(1601, 1601, 100)).toEqual({ width: 1600, height: 1600 });
  });

  it('never draws a side below one pixel', () => {
    expect(photoPlan(16_000, 3, 2_000_000)).toEqual({ width: 1600, height: 1 });
  });

  it('keeps a photo that is small enough as it is, and never makes one larger', () => {
    expect(photoPlan(1600, 1200, SMALL_PHOTO_BYTES)).toBeNull();
    expect(photoPlan(800, 600, 90_000)).toBeNull();
    // Within the side but heavy (a PNG screenshot): re-encoded at its own size, not upscaled.
    expect(photoPlan(1200, 900, 3_000_000)).toEqual({ width: 1200, height: 900 });
    expect(photoPlan(0, 0, 10)).toBeNull();
  });
});

describe('resizedName', () => {
  it('names the new file by its type', () => {
    expect(resizedName('IMG_2041.HEIC.jpg', 'image/webp')).toBe('IMG_2041.HEIC.webp');
    expect(resizedName('shop.png', 'image/jpeg')).toBe('shop.jpg');
    expect(resizedName('.jpg', 'image/webp')).toBe('photo.webp');
    expect(resizedName('noext', 'image/webp')).toBe('noext.webp');
  });
});
