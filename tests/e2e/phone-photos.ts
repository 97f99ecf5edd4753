/**
 * Photos as a phone takes them: 12 MP (4000 × 3000) JPEGs of 3–5 MB with smooth light, shapes and
 * sensor grain, so that resizing and re-encoding have what a real photo has to work on (pure noise
 * would not shrink; a flat colour would shrink to nothing).
 */
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/** One photo; `seed` varies its light and shapes. */
export async function phonePhoto(seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = (seed * 2654435761) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const fx = 0.002 + random() * 0.004;
  const fy = 0.002 + random() * 0.004;
  const tint = [random(), random(), random()];
  // Texture at a few pixels' scale (leaves, fabric, gravel): it survives the resize, as a photo's does.
  const BLOCK = 6;
  const texture = Float32Array.from({ length: Math.ceil(WIDTH / BLOCK) * Math.ceil(HEIGHT / BLOCK) }, () => (random() - 0.5) * 44);
  const rowBlocks = Math.ceil(WIDTH / BLOCK);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const light = 0.5 + 0.25 * Math.sin(x * fx + seed) + 0.25 * Math.cos(y * fy + x * 0.0007);
      const stripe =
        ((Math.floor(x / 173) + Math.floor(y / 211)) % 2 === 0 ? 18 : -18) +
        texture[Math.floor(y / BLOCK) * rowBlocks + Math.floor(x / BLOCK)]!;
      const i = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) {
        const grain = (random() - 0.5) * 30;
        pixels[i + c] = Math.max(0, Math.min(255, Math.round(40 + 180 * light * (0.6 + 0.4 * tint[c]!) + stripe + grain)));
      }
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
