import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import './media.server.ts';

describe('sharp memory bounds', () => {
  it("turns libvips's cache off and gives an image one thread once the media module is loaded", () => {
    const cache = sharp.cache();
    expect(cache.memory.max).toBe(0);
    expect(cache.items.max).toBe(0);
    expect(cache.files.max).toBe(0);
    expect(sharp.concurrency()).toBe(1);
  });
});
