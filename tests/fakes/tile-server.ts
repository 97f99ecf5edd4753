/**
 * A local fake of a map tile server (MAP_TILE_URL) for the tests: `/{z}/{x}/{y}.png` answered
 * with a generated 256×256 PNG (a light checkerboard of tiles, a line on two edges, so a moved
 * map looks moved in a screenshot), anything else 404; every tile request counted. Tests read it
 * in process or over HTTP (`/__fake/health`, `/__fake/requests`, `POST /__fake/reset`).
 *
 * Plain TypeScript that `node --experimental-strip-types` runs as is, for Playwright's webServer
 * (tile-server-main.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export const TILE_SIZE = 256;
const TILE_PATH = /^\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/;

export interface FakeTiles {
  /** The server's origin, e.g. http://127.0.0.1:4362. */
  url: string;
  /** What MAP_TILE_URL should be: `${url}/{z}/{x}/{y}.png`. */
  template: string;
  /** The tile paths asked for, in order. */
  requests: () => string[];
  reset: () => void;
  close: () => Promise<void>;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG of one colour, with a darker line along its top and left edges. */
export function tilePng(rgb: readonly [number, number, number], line: readonly [number, number, number] = [150, 150, 140]): Buffer {
  const row = TILE_SIZE * 3 + 1;
  const pixels = Buffer.alloc(row * TILE_SIZE);
  for (let y = 0; y < TILE_SIZE; y++) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < TILE_SIZE; x++) {
      const colour = x === 0 || y === 0 ? line : rgb;
      pixels.set(colour, y * row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function startFakeTiles({ port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}): Promise<FakeTiles> {
  const tiles = [tilePng([242, 239, 229]), tilePng([232, 228, 214])];
  let requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://tiles').pathname;
    if (path === '/__fake/health') return void res.end('ok');
    if (path === '/__fake/requests') {
      res.setHeader('Content-Type', 'application/json');
      return void res.end(JSON.stringify({ count: requests.length, paths: requests }));
    }
    if (path === '/__fake/reset' && req.method === 'POST') {
      requests = [];
      return void res.end('ok');
    }
    const tile = TILE_PATH.exec(path);
    if (!tile || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.statusCode = 404;
      return void res.end('not a tile');
    }
    requests.push(path);
    const [, , x, y] = tile.map(Number) as [number, number, number, number];
    const png = tiles[(x + y) % 2]!;
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : png);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    template: `${url}/{z}/{x}/{y}.png`,
    requests: () => [...requests],
    reset: () => {
      requests = [];
    },
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
