import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { sniffFileType } from './file-types.server.ts';
import { checkExtraImages, checkImage } from './image-checks.server.ts';
import {
  MAX_EXTRA_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_REQUEST_BYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  uploadedFile,
} from './uploads.server.ts';
import { HTML, SVG, file, needFfmpeg, skipVideos, useUploadSamples } from './uploads.test-kit.server.ts';

// The sniffing test reads three clips as well.
const media = useUploadSamples(['mp4', 'mov', 'webm']);

describe('upload limits', () => {
  it('are the documented constants', () => {
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_VIDEO_BYTES).toBe(50 * 1024 * 1024);
    expect(MAX_REQUEST_BYTES).toBe(100 * 1024 * 1024);
    expect(MAX_EXTRA_IMAGES).toBe(10);
    expect(MAX_VIDEO_SECONDS).toBe(30);
    expect(MAX_IMAGE_PIXELS).toBe(16_000_000);
  });
});

describe('sniffFileType', async () => {
  it('recognises raster images from their bytes', async () => {
    expect(await sniffFileType(media.png)).toBe('png');
    expect(await sniffFileType(media.jpeg)).toBe('jpeg');
    expect(await sniffFileType(media.webp)).toBe('webp');
    expect(await sniffFileType(media.gif)).toBe('gif');
    expect(await sniffFileType(media.avif)).toBe('avif');
  });

  it('reads the ISO-BMFF brand', async () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
      const size = Buffer.alloc(4);
      size.writeUInt32BE(body.length + 4);
      return Buffer.concat([size, body, Buffer.alloc(16)]);
    };
    expect(await sniffFileType(ftyp('heic', 'mif1', 'heic'))).toBe('heic');
    // A generic HEIF file is named by its major brand; sharp decodes AVIF and HEIC alike.
    expect(await sniffFileType(ftyp('mif1', 'mif1', 'avif'))).toBe('heic');
    expect(await sniffFileType(ftyp('qt  ', 'qt  '))).toBe('mov');
    expect(await sniffFileType(ftyp('mp42', 'isom', 'mp42'))).toBe('mp4');
    expect(await sniffFileType(ftyp('M4A ', 'M4A ', 'mp42', 'isom'))).toBeNull();
    expect(await sniffFileType(ftyp('crx ', 'crx '))).toBeNull();
    expect(await sniffFileType(ftyp('M4V ', 'M4V ', 'isom'))).toBe('mp4');
    expect(await sniffFileType(ftyp('3gp4', 'isom', '3gp4'))).toBeNull();
  });

  it('refuses SVG, HTML, XML, text, PDF, empty and short input', async () => {
    expect(await sniffFileType(SVG)).toBeNull();
    expect(await sniffFileType(HTML)).toBeNull();
    expect(await sniffFileType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(await sniffFileType(Buffer.from('just some text'))).toBeNull();
    expect(await sniffFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n'))).toBeNull();
    expect(await sniffFileType(new Uint8Array())).toBeNull();
    expect(await sniffFileType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(await sniffFileType(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
  });

  it.skipIf(skipVideos)('recognises MP4, MOV and WebM videos', async () => {
    needFfmpeg();
    expect(await sniffFileType(media.videos.mp4!)).toBe('mp4');
    expect(await sniffFileType(media.videos.mov!)).toBe('mov');
    expect(await sniffFileType(media.videos.webm!)).toBe('webm');
  });
});

describe('checkImage', () => {
  it('accepts real PNG, JPEG, WebP, GIF and AVIF whatever the name and MIME type say', async () => {
    for (const [bytes, type] of [
      [media.png, 'png'],
      [media.jpeg, 'jpeg'],
      [media.webp, 'webp'],
      [media.gif, 'gif'],
      [media.avif, 'avif'],
    ] as const) {
      const result = await checkImage('product_photo', file(bytes, 'photo.bin', 'application/octet-stream'));
      expect(result).toMatchObject({ ok: true, type });
      if (result.ok) expect(result.bytes.equals(bytes)).toBe(true);
    }
  });

  it('refuses an SVG named logo.png with type image/png', async () => {
    const result = await checkImage('profile_photo', file(SVG, 'logo.png', 'image/png'));
    expect(result).toEqual({
      ok: false,
      problem: { status: 400, field: 'profile_photo', message: 'The logo must be a JPEG, PNG, WebP, GIF, AVIF or HEIC image.' },
    });
  });

  it('refuses an HTML or text file named .jpg', async () => {
    for (const bytes of [HTML, Buffer.from('hello')]) {
      const result = await checkImage('product_photo', file(bytes, 'photo.jpg', 'image/jpeg'));
      expect(result).toMatchObject({
        ok: false,
        problem: { status: 400, message: 'The product photo must be a JPEG, PNG, WebP, GIF, AVIF or HEIC image.' },
      });
    }
  });

  it('answers 413 for a file over 10 MB', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    media.png.copy(big, 0, 0, 8);
    const result = await checkImage('product_photo', file(big, 'huge.png', 'image/png'));
    expect(result).toEqual({
      ok: false,
      problem: { status: 413, field: 'product_photo', message: 'The product photo is too large (max 10 MB).' },
    });
  });

  it('refuses an empty file', async () => {
    expect(await checkImage('profile_photo', file(new Uint8Array(), 'logo.png', 'image/png'))).toMatchObject({
      ok: false,
      problem: { status: 400, message: 'The logo is empty.' },
    });
  });

  it('refuses bytes with an image header that sharp cannot decode', async () => {
    // The signature and the IHDR chunk (8 + 25 bytes) are a PNG's header; what follows is not.
    const broken = Buffer.concat([media.png.subarray(0, 33), Buffer.from('not really a png at all')]);
    const truncated = media.jpeg.subarray(0, Math.floor(media.jpeg.length / 3));
    for (const bytes of [broken, truncated]) {
      expect(await checkImage('uploaded_images', file(bytes, 'x.png', 'image/png'))).toMatchObject({
        ok: false,
        problem: { status: 400, field: 'uploaded_images', message: 'An additional image could not be read as an image.' },
      });
    }
  });

  it('refuses an image over the pixel limit without decoding it', async () => {
    // A PNG header claiming 10000 × 5000: 50 million pixels.
    const header = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const wide = Buffer.from(header);
    wide.writeUInt32BE(10_000, 16);
    wide.writeUInt32BE(5_000, 20);
    wide.writeUInt32BE(crc32(wide.subarray(12, 29)), 29);
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect(await checkImage('product_photo', file(wide, 'wide.png', 'image/png'))).toEqual({
        ok: false,
        problem: {
          status: 413,
          field: 'product_photo',
          message: 'The product photo is too large (16 megapixels at most). Please send a smaller photo, as a phone camera takes it.',
        },
      });
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });
});

describe('checkExtraImages', () => {
  it('accepts 10 images', async () => {
    const files = Array.from({ length: 10 }, (_, i) => file(i % 2 ? media.jpeg : media.webp, `${i}.jpg`, 'image/jpeg'));
    const result = await checkExtraImages(files);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.images.map((i) => i.type)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 ? 'jpeg' : 'webp')));
  });

  it('refuses 11 with the spec message', async () => {
    const files = Array.from({ length: 11 }, (_, i) => file(media.png, `${i}.png`, 'image/png'));
    expect(await checkExtraImages(files)).toEqual({
      ok: false,
      problem: { status: 400, field: 'uploaded_images', message: 'You can upload a maximum of 10 additional images.' },
    });
  });

  it('reports the first bad image', async () => {
    const files = [file(media.png, 'a.png', 'image/png'), file(SVG, 'b.png', 'image/png')];
    expect(await checkExtraImages(files)).toMatchObject({ ok: false, problem: { status: 400, field: 'uploaded_images' } });
  });

  it('ignores the blank part a browser sends for an empty file input', async () => {
    const blank = new File([], '', { type: 'application/octet-stream' });
    expect(await checkExtraImages([blank])).toEqual({ ok: true, images: [] });
    expect(uploadedFile(blank)).toBeNull();
    expect(uploadedFile('text')).toBeNull();
    expect(uploadedFile(null)).toBeNull();
    expect(uploadedFile(file(media.png, 'a.png', 'image/png'))).not.toBeNull();
  });
});
