import { describe, expect, it } from 'vitest';
import { cardPhotoSources, imageSrcset, imageUrl, videoUrl } from './media-urls.server.ts';

describe('media URLs', () => {
  const image = { key: 'u/abc123', width: 1280, height: 960, thumbWidth: 360, thumbHeight: 270 };

  it('derives each width of an image from its key', () => {
    expect(imageUrl(image)).toBe('/media/u/abc123.webp');
    expect(imageUrl(image, 'card')).toBe('/media/u/abc123-card.webp');
    expect(imageUrl(image, 'thumb')).toBe('/media/u/abc123-thumb.webp');
  });

  it('offers the three widths in a srcset, the card never wider than the image', () => {
    expect(imageSrcset(image)).toBe('/media/u/abc123-thumb.webp 360w, /media/u/abc123-card.webp 720w, /media/u/abc123.webp 1280w');
    expect(imageSrcset({ ...image, width: 500 })).toContain('/media/u/abc123-card.webp 500w');
  });

  it('derives a video URL from its key and container', () => {
    expect(videoUrl({ key: 'seed/new-0-video', ext: 'mp4' })).toBe('/media/seed/new-0-video.mp4');
  });

  it("gives a card the product photo's 88 and 176 px squares, else the logo's, else the placeholder", () => {
    const photo = { ...image, squares: true as const };
    const logo = { ...image, key: 'u/logo1', squares: true as const };
    expect(cardPhotoSources(photo, logo)).toEqual({
      src: '/media/u/abc123-square.webp',
      srcset: '/media/u/abc123-square.webp 1x, /media/u/abc123-square2x.webp 2x',
    });
    expect(cardPhotoSources(null, logo).src).toBe('/media/u/logo1-square.webp');
    expect(cardPhotoSources(null, null)).toEqual({ src: '/placeholder-logo.svg' });
    // Stored before issue 30 and not yet given its squares: the thumbnail, scaled down by the browser.
    expect(cardPhotoSources(image, logo)).toEqual({ src: '/media/u/abc123-thumb.webp' });
  });
});
