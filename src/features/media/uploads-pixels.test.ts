import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { saveImage, DECODE_TIMEOUT_SECONDS } from './media.server.ts';
import { inLocale } from '#platform/i18n/locale.server.ts';
import { checkImage, checkImages } from './image-checks.server.ts';
import { MAX_REQUEST_PIXELS } from './uploads.server.ts';
import { file, useUploadSamples } from './uploads.test-kit.server.ts';

const media = useUploadSamples();

/** The uploads of sharp.prototype.toBuffer's calls recorded by `spy` whose input was `bytes`: decodes of that file. */
function decodesOf(spy: { mock: { contexts: unknown[] } }, bytes: Buffer): unknown[] {
  const inputOf = (c: unknown) => (c as { options: { input: { buffer?: Uint8Array } } }).options.input.buffer;
  return spy.mock.contexts.filter((c) => {
    const input = inputOf(c);
    return input !== undefined && Buffer.from(input).equals(bytes);
  });
}

describe('the pixels an image may cost (issue 25)', () => {
  const tooLarge = (name: string) => ({
    status: 413,
    message: `${name} is too large (16 megapixels at most). Please send a smaller photo, as a phone camera takes it.`,
  });

  // 6000 × 6000 of one colour, as the attacker's: about 110 KB of file for 36 million pixels.
  let attack: Promise<Buffer> | undefined;
  const attackPng = () =>
    (attack ??= sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#b45309' } })
      .png({ compressionLevel: 9 })
      .toBuffer());

  it('refuses a 6000 × 6000 PNG of about 100 KB from its header, without decoding it', async () => {
    const bytes = await attackPng();
    expect(bytes.length).toBeLessThan(150 * 1024);
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect(await checkImage('product_photo', file(bytes, 'p.png', 'image/png'))).toMatchObject({
        ok: false,
        problem: tooLarge('The product photo'),
      });
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });

  it('accepts a 4032 × 3024 phone photo and 4000 × 4000, the largest square', async () => {
    for (const [width, height] of [
      [4032, 3024],
      [4000, 4000],
    ] as const) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: '#b45309' } })
        .jpeg()
        .toBuffer();
      const checked = await checkImage('product_photo', file(bytes, 'p.jpg', 'image/jpeg'));
      expect(checked.ok, `${width}x${height}`).toBe(true);
      if (checked.ok) expect(checked.decoded.info.width).toBe(1280);
    }
  });

  /** An animated WebP of `frames` 8 × 8 frames whose VP8X canvas is rewritten to declare `width` × `height` (24-bit sizes less one). */
  async function animatedWebpDeclaring(frames: number, width: number, height: number): Promise<Buffer> {
    const colours = ['#b45309', '#1d4ed8', '#15803d'].slice(0, frames);
    const images = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 8, height: 8, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const bytes = Buffer.from(
      await sharp(images, { join: { animated: true } })
        .webp()
        .toBuffer(),
    );
    const vp8x = bytes.indexOf('VP8X');
    bytes.writeUIntLE(width - 1, vp8x + 12, 3);
    bytes.writeUIntLE(height - 1, vp8x + 15, 3);
    return bytes;
  }

  /** An image of `format` whose header is rewritten to declare `width` × `height`; the pixels stay 8 × 8. */
  async function declaring(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', width: number, height: number): Promise<Buffer> {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#b45309' } });
    if (format === 'png') {
      const bytes = Buffer.from(await base.png().toBuffer());
      bytes.writeUInt32BE(width, 16);
      bytes.writeUInt32BE(height, 20);
      bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
      return bytes;
    }
    if (format === 'jpeg') {
      const bytes = Buffer.from(await base.jpeg().toBuffer());
      const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
      bytes.writeUInt16BE(height, sof + 5);
      bytes.writeUInt16BE(width, sof + 7);
      return bytes;
    }
    // Two frames, so the canvas is in a VP8X chunk.
    if (format === 'webp') return animatedWebpDeclaring(2, width, height);
    if (format === 'gif') {
      // The frame's own descriptor, not the screen's: the decoder sizes the image by the frame.
      const bytes = Buffer.from(await base.gif().toBuffer());
      const frame = bytes.indexOf(0x2c, 13);
      bytes.writeUInt16LE(width, frame + 5);
      bytes.writeUInt16LE(height, frame + 7);
      return bytes;
    }
    const bytes = Buffer.from(await base.avif({ effort: 0 }).toBuffer());
    const ispe = bytes.indexOf('ispe');
    bytes.writeUInt32BE(width, ispe + 8);
    bytes.writeUInt32BE(height, ispe + 12);
    return bytes;
  }

  it('refuses every format whose header declares 6000 × 6000, however few pixels the file holds, without decoding it', async () => {
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      for (const format of ['png', 'jpeg', 'webp', 'gif', 'avif'] as const) {
        const bytes = await declaring(format, 6000, 6000);
        decodes.mockClear();
        const result = await checkImage('uploaded_images', file(bytes, 'x.bin', 'application/octet-stream'));
        expect(result, format).toMatchObject({ ok: false, problem: tooLarge('An additional image') });
        expect(decodesOf(decodes, bytes), format).toHaveLength(0);
      }
    } finally {
      decodes.mockRestore();
    }
  });

  it('refuses a GIF whose screen says 10 × 10 but whose frame is 6000 × 6000', async () => {
    const bytes = await declaring('gif', 6000, 6000);
    bytes.writeUInt16LE(10, 6);
    bytes.writeUInt16LE(10, 8);
    expect(await checkImage('product_photo', file(bytes, 'p.gif', 'image/gif'))).toMatchObject({
      ok: false,
      problem: tooLarge('The product photo'),
    });
  });

  it('decodes no more than a header declares, even when the file holds more', async () => {
    // A 6000 × 6000 PNG whose header says 100 × 100: the decoder reads only 100 rows of 100.
    const bytes = Buffer.from(await attackPng());
    bytes.writeUInt32BE(100, 16);
    bytes.writeUInt32BE(100, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    const started = process.cpuUsage();
    const result = await checkImage('product_photo', file(bytes, 'p.png', 'image/png'));
    const cpu = process.cpuUsage(started);
    expect((cpu.user + cpu.system) / 1e6).toBeLessThan(0.5);
    if (result.ok) expect(result.decoded.info).toMatchObject({ width: 100, height: 100 });
    else expect(result.problem).toMatchObject({ status: 400, message: 'The product photo could not be read as an image.' });
  });

  it('counts the first frame of an animated image, the only one decoded', async () => {
    // Three frames of 3000 × 3000: 27 megapixels in all, 9 in the frame that is stored.
    const bytes = await animatedWebpDeclaring(3, 3000, 3000);
    const checked = await checkImage('product_photo', file(bytes, 'p.webp', 'image/webp'));
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.decoded.info).toMatchObject({ width: 1280, height: 1280 });
  });

  it('time-boxes the decode and refuses an image whose decode runs past it, in the request language', async () => {
    const timeouts = vi.spyOn(sharp.prototype, 'timeout');
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect((await checkImage('product_photo', file(media.png, 'p.png', 'image/png'))).ok).toBe(true);
      expect(timeouts).toHaveBeenCalledWith({ seconds: DECODE_TIMEOUT_SECONDS });
      // sharp's own words when its time box ends (common.cc: vips_error("timeout", "%d%% complete")).
      decodes.mockRejectedValueOnce(new Error('timeout: 37% complete\nVipsImage: killed for image "temp-1"'));
      expect(await checkImage('product_photo', file(media.png, 'p.png', 'image/png'))).toEqual({
        ok: false,
        problem: {
          status: 400,
          field: 'product_photo',
          message: 'The product photo took too long to read. Please send a smaller photo, as a phone camera takes it.',
        },
      });
      decodes.mockRejectedValueOnce(new Error('timeout: 37% complete'));
      expect(await inLocale('am', () => checkImage('profile_photo', file(media.png, 'p.png', 'image/png')))).toMatchObject({
        ok: false,
        problem: { status: 400, message: 'አርማውን ለማንበብ በጣም ረጅም ጊዜ ወሰደ። እባክዎ ስልክ ካሜራ እንደሚያነሳው ያለ ያነሰ ፎቶ ይላኩ።' },
      });
    } finally {
      timeouts.mockRestore();
      decodes.mockRestore();
    }
    expect(DECODE_TIMEOUT_SECONDS).toBeGreaterThanOrEqual(1);
    expect(DECODE_TIMEOUT_SECONDS).toBeLessThanOrEqual(5);
  });
});

describe('decoding cost', () => {
  const phonePhoto = () =>
    sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#b45309' } })
      .png({ palette: true, colours: 2, compressionLevel: 9, progressive: true })
      .toBuffer();

  it('decodes an upload once, from its check to its three stored widths', async () => {
    const bytes = await phonePhoto();
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      const started = process.cpuUsage();
      const checked = await checkImage('product_photo', file(bytes, 'p.png', 'image/png'));
      expect(checked.ok).toBe(true);
      if (!checked.ok) return;
      const stored = await saveImage(checked.decoded, { store: media.store(), effort: 0 });
      const cpu = process.cpuUsage(started);
      console.log(
        `[uploads] 4032x3024 PNG (${bytes.length} bytes) checked and stored in ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s of CPU`,
      );
      expect(stored).toMatchObject({ width: 1280, height: 960, thumbWidth: 360 });
      expect(decodesOf(decodes, bytes)).toHaveLength(1);
    } finally {
      decodes.mockRestore();
    }
  });

  it('caps the pixels of all the images of one request before decoding any', async () => {
    expect(MAX_REQUEST_PIXELS).toBe(150_000_000);
    // 4000 × 4000: 16 megapixels, the most one image may have; ten are 160.
    const bytes = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#b45309' } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      const ten = Array.from({ length: 10 }, (_, i) => ({
        field: i < 1 ? 'product_photo' : 'uploaded_images',
        file: file(bytes, `${i}.png`, 'image/png'),
      }));
      expect(await checkImages(ten)).toEqual({
        ok: false,
        problem: {
          status: 413,
          field: 'product_photo',
          message: 'The images are too large in all (150 megapixels at most). Please send smaller photos.',
        },
      });
      expect(decodes).not.toHaveBeenCalled();
      const nine = await checkImages(ten.slice(0, 9));
      expect(nine.ok).toBe(true);
    } finally {
      decodes.mockRestore();
    }
  });
});
