import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { APIRoute } from 'astro';
import { config } from '#server/config.server.ts';
import { resolveMediaPath } from '#server/media.server.ts';

/** Stored images and videos. Keys are random or versioned, so files never change: cache for a year. */
export const GET: APIRoute = async ({ params, request }) => {
  const resolved = resolveMediaPath(config().dataDir, params.path ?? '');
  if (!resolved) return new Response('Not found', { status: 404 });
  let size: number;
  try {
    const info = await stat(resolved.file);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    return new Response('Not found', { status: 404 });
  }
  const headers = new Headers({
    'Content-Type': resolved.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  });
  // Video players seek with range requests; answer them so a tap on play starts quickly.
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    }
    headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
    headers.set('Content-Length', String(end - start + 1));
    const stream = Readable.toWeb(createReadStream(resolved.file, { start, end })) as ReadableStream;
    return new Response(stream, { status: 206, headers });
  }
  headers.set('Content-Length', String(size));
  return new Response(Readable.toWeb(createReadStream(resolved.file)) as ReadableStream, { headers });
};
