import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyTooLarge, bodyCapFor, limitRequestBodies, MAX_REQUEST_BYTES, SMALL_BODY_BYTES } from './body-limit.server.ts';
import { MAX_REQUEST_BYTES as UPLOAD_CAP } from '#features/media/uploads.server.ts';

const multipart = 'multipart/form-data; boundary=x';

describe('bodyCapFor', () => {
  it('gives the upload cap only to multipart bodies of the routes that take files', () => {
    expect(MAX_REQUEST_BYTES).toBe(UPLOAD_CAP);
    for (const [method, url] of [
      ['POST', '/api/products/'],
      ['POST', '/api/products'],
      ['PATCH', '/api/delete/products/12/'],
      ['patch', '/api/delete/products/12?x=1'],
      ['POST', '/myposts'],
      ['POST', '/myposts/?edit=3'],
    ] as const) {
      expect(bodyCapFor(method, url, multipart), `${method} ${url}`).toBe(MAX_REQUEST_BYTES);
    }
  });

  it('gives the small cap to JSON and forms, to multipart elsewhere, and to other methods', () => {
    expect(SMALL_BODY_BYTES).toBe(128 * 1024);
    expect(bodyCapFor('POST', '/api/products/', 'application/json')).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/products/', 'application/x-www-form-urlencoded')).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/products/', undefined)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/cat', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/contact-us', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('PUT', '/api/products/', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/delete/products/1/', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/api/products/x', multipart)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('POST', '/myposts/other', multipart)).toBe(SMALL_BODY_BYTES);
  });

  it('gives the upload cap to the bytes of a resumable (tus) upload, and only there', () => {
    const tus = 'application/offset+octet-stream';
    expect(bodyCapFor('PATCH', '/api/uploads/0123abcd', tus)).toBe(MAX_REQUEST_BYTES);
    expect(bodyCapFor('POST', '/api/uploads/', tus)).toBe(MAX_REQUEST_BYTES);
    expect(bodyCapFor('PATCH', '/api/uploads/0123abcd', 'application/json')).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('PATCH', '/api/products/', tus)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('PUT', '/api/uploads/0123abcd', tus)).toBe(SMALL_BODY_BYTES);
    expect(bodyCapFor('PATCH', '/api/uploads/a/b', tus)).toBe(SMALL_BODY_BYTES);
  });
});

/** The answer the limit gives, recorded (headers, status and body). */
class RecordedResponse {
  headersSent = false;
  status: number | null = null;
  body = '';
  headers: Record<string, unknown> = {};
  setHeader(name: string, value: unknown) {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  writeHead(status: number, headers: Record<string, unknown> = {}) {
    this.status = status;
    for (const [name, value] of Object.entries(headers)) this.setHeader(name, value);
    this.headersSent = true;
    return this;
  }
  end(body = '') {
    this.body += body;
    this.headersSent = true;
    return this;
  }
}

/**
 * A request whose body arrives as `count` chunks of `chunk` bytes (and a `tail`), with no Content-Length (chunked)
 * unless `declared` says one (which may lie), read by the app as Astro's Node adapter reads it
 * (`req.body`). Answers what the app got, how it ended, how many chunks the client had to send,
 * and the response.
 */
async function send(options: {
  method: string;
  url: string;
  type: string;
  chunk: number;
  count: number;
  /** A last chunk of this many bytes after the others. */
  tail?: number;
  declared?: number;
}) {
  const bytes = Buffer.alloc(options.chunk, 0x61);
  let sent = 0;
  async function* client() {
    for (let i = 0; i < options.count; i++) {
      sent++;
      yield bytes;
    }
    if (options.tail) yield Buffer.alloc(options.tail, 0x62);
  }
  const headers: Record<string, string> = { 'content-type': options.type };
  if (options.declared === undefined) headers['transfer-encoding'] = 'chunked';
  else headers['content-length'] = String(options.declared);
  const req = Object.assign(Readable.from(client(), { highWaterMark: 1 }), {
    method: options.method,
    url: options.url,
    headers,
    socket: {},
  }) as unknown as IncomingMessage & { body?: AsyncIterable<Uint8Array> };
  const res = new RecordedResponse();
  let body: AsyncIterable<Uint8Array> | undefined;
  limitRequestBodies((r) => void (body = (r as typeof req).body))(req, res as unknown as ServerResponse);
  let read = 0;
  let error: unknown = null;
  try {
    for await (const part of body!) read += part.byteLength;
  } catch (e) {
    error = e;
  }
  return { read, error, sent, res };
}

describe('the body limit counting the stream (no Content-Length to trust)', () => {
  const KIB = 1024;
  const MIB = 1024 * KIB;
  const routes = [
    { cap: SMALL_BODY_BYTES, method: 'POST', url: '/api/auth/sign-in/email', type: 'application/json', chunk: 16 * KIB, api: true },
    { cap: SMALL_BODY_BYTES, method: 'POST', url: '/contact-us', type: 'application/x-www-form-urlencoded', chunk: 16 * KIB, api: false },
    { cap: MAX_REQUEST_BYTES, method: 'POST', url: '/api/products/', type: multipart, chunk: MIB, api: true },
    { cap: MAX_REQUEST_BYTES, method: 'POST', url: '/myposts', type: multipart, chunk: MIB, api: false },
  ];

  for (const route of routes) {
    const { cap, chunk } = route;
    const atCap = cap / chunk;

    it(`${route.method} ${route.url}: refuses as soon as the count passes ${cap / KIB} KiB, with a 413`, async () => {
      // Twice the cap on offer: the limit must stop reading long before the client is done.
      for (const declared of [undefined, 1000]) {
        const got = await send({ ...route, count: atCap * 2, declared });
        expect(got.error, `declared ${declared}`).toBeInstanceOf(BodyTooLarge);
        // The app got every chunk up to the cap, never the one that passed it.
        expect(got.read).toBe(cap);
        // Only the stream's read-ahead beyond the chunk that passed the cap was taken from the client.
        expect(got.sent).toBeLessThanOrEqual(atCap + 4);
        expect(got.res.status).toBe(413);
        expect(got.res.headers.connection).toBe('close');
        expect(got.res.body).toBe(
          route.api
            ? JSON.stringify({ error: 'The request is too large.' })
            : 'This request is too large. Please send smaller files (100 MB in all at most).',
        );
      }
    });

    it(`${route.method} ${route.url}: a body of exactly ${cap / KIB} KiB is read whole, one byte more is refused`, async () => {
      const got = await send({ ...route, count: atCap });
      expect(got).toMatchObject({ error: null, read: cap, sent: atCap });
      expect(got.res.status).toBeNull();
      const over = await send({ ...route, count: atCap, tail: 1 });
      expect(over).toMatchObject({ read: cap, res: { status: 413 } });
      expect(over.error).toBeInstanceOf(BodyTooLarge);
    });
  }
});
