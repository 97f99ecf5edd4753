import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TILE_SIZE, startFakeTiles, tilePng, type FakeTiles } from './tile-server.ts';

describe('the fake tile server', () => {
  let tiles: FakeTiles;
  beforeAll(async () => {
    tiles = await startFakeTiles();
  });
  afterAll(() => tiles.close());

  it('answers /{z}/{x}/{y}.png with a 256×256 PNG and counts each request', async () => {
    tiles.reset();
    const response = await fetch(tiles.template.replace('{z}', '13').replace('{x}', '4973').replace('{y}', '3908'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: TILE_SIZE, height: TILE_SIZE });
    await fetch(`${tiles.url}/13/4974/3908.png`);
    expect(tiles.requests()).toEqual(['/13/4973/3908.png', '/13/4974/3908.png']);
    const counted = (await (await fetch(`${tiles.url}/__fake/requests`)).json()) as { count: number; paths: string[] };
    expect(counted.count).toBe(2);
  });

  it('draws neighbouring tiles in two shades, so a moved map shows it', async () => {
    const a = Buffer.from(await (await fetch(`${tiles.url}/13/1/1.png`)).arrayBuffer());
    const b = Buffer.from(await (await fetch(`${tiles.url}/13/1/2.png`)).arrayBuffer());
    const centre = async (png: Buffer) => [...(await sharp(png).extract({ left: 128, top: 128, width: 1, height: 1 }).raw().toBuffer())];
    expect(await centre(a)).toEqual([242, 239, 229]);
    expect(await centre(b)).toEqual([232, 228, 214]);
    expect(await centre(tilePng([1, 2, 3]))).toEqual([1, 2, 3]);
  });

  it('answers anything else 404, uncounted, and forgets on reset', async () => {
    tiles.reset();
    for (const path of ['/tiles.png', '/13/1/1.jpg', '/a/b/c.png', '/']) expect((await fetch(tiles.url + path)).status, path).toBe(404);
    expect(tiles.requests()).toEqual([]);
    await fetch(`${tiles.url}/1/0/0.png`);
    expect((await fetch(`${tiles.url}/__fake/reset`, { method: 'POST' })).status).toBe(200);
    expect(tiles.requests()).toEqual([]);
  });
});
