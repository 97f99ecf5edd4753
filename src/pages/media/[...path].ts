import type { APIRoute } from 'astro';
import { mediaObject } from '#features/media/media.server.ts';
import { MEDIA_CACHE_CONTROL, mediaStorage, type ByteRange } from '#features/media/media-storage.server.ts';

const notFound = () => new Response('Not found', { status: 404 });

/**
 * Stored images and videos, from the media storage (this machine's disk or the bucket). Keys are
 * random or versioned, so files never change: cache for a year.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const object = mediaObject(params.path ?? '');
  if (!object) return notFound();
  const store = mediaStorage();
  const size = await store.size(object.name);
  if (size === null) return notFound();
  const headers = new Headers({
    'Content-Type': object.contentType,
    'Cache-Control': MEDIA_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
  });
  // Video players seek with range requests; answer them so a tap on play starts quickly.
  const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  let range: ByteRange | undefined;
  if (match && (match[1] || match[2])) {
    const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
    const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    }
    range = { start, end };
    headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  const body = await store.stream(object.name, range);
  if (!body) return notFound();
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  return new Response(body, { status: range ? 206 : 200, headers });
};
