/**
 * A byte limit on every request body, counted while the stream is read (never trusted from
 * Content-Length, so chunked bodies count too), applied at the Node HTTP layer before Astro turns
 * the request into a Web Request. Multipart bodies to the routes that take files may carry
 * {@link MAX_REQUEST_BYTES}; everything else {@link SMALL_BODY_BYTES}. Past the cap the client gets
 * 413 at once, the app's reader gets an error (never a truncated body), and the connection closes.
 *
 * Used by scripts/start.mjs (plain Node with type stripping): only erasable TypeScript here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const MIB = 1024 * 1024;

/** Largest accepted listing submission body, all files included. */
export const MAX_REQUEST_BYTES = 100 * MIB;

/**
 * Largest JSON, urlencoded or non-upload multipart body. The biggest legitimate one is the contact
 * form: 5,554 characters, which urlencoded Amharic makes about 50 KB (9 bytes a character); Stripe
 * events and better-auth bodies are a few KB.
 */
export const SMALL_BODY_BYTES = 128 * 1024;

// After a refusal the client may still be sending: its bytes are read and dropped for a moment,
// so the answer is not lost to a TCP reset (RFC 9112 §9.6), then the connection is cut.
const LINGER_MS = 1000;
const LINGER_BYTES = 256 * 1024;

const UPLOAD_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/api\/products\/?$/ },
  { method: 'PATCH', path: /^\/api\/delete\/products\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/myposts\/?$/ },
  // The listing form without JavaScript posts its files to the page itself, in any language.
  { method: 'POST', path: /^\/(?:[a-z]{2}\/)?form\/?$/ },
];

// The tus protocol's resumable uploads: a file's bytes in POST (creation with upload) or PATCH
// parts; the tus server itself holds each file to its own size limit.
const RESUMABLE_UPLOAD = /^\/api\/uploads(\/[^/]+)?\/?$/;

/** The most bytes a request's body may have. */
export function bodyCapFor(method: string, url: string, contentType: string | undefined): number {
  const pathname = url.split('?')[0] ?? '/';
  const multipart = /^\s*multipart\/form-data\s*(;|$)/i.test(contentType ?? '');
  const upload = multipart && UPLOAD_ROUTES.some((r) => r.method === method.toUpperCase() && r.path.test(pathname));
  const resumable =
    /^\s*application\/offset\+octet-stream\s*(;|$)/i.test(contentType ?? '') &&
    ['POST', 'PATCH'].includes(method.toUpperCase()) &&
    RESUMABLE_UPLOAD.test(pathname);
  return upload || resumable ? MAX_REQUEST_BYTES : SMALL_BODY_BYTES;
}

/** Thrown to the app's body reader when the cap is passed (the client already has its 413). */
export class BodyTooLarge extends Error {
  constructor(cap: number) {
    super(`Request body larger than ${cap} bytes`);
    this.name = 'BodyTooLarge';
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type WithBody = IncomingMessage & { body?: AsyncIterable<Uint8Array> };
type LingeringSocket = Socket & { destroySoon?: () => void };

function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete) return false;
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Replaces Node's close after the answer (which would reset the connection while the client still
 * sends) with a lingering one: send FIN, drop what still arrives for a moment, then cut.
 */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  const socket = req.socket as LingeringSocket;
  socket.destroySoon = () => {
    // Counted on the socket: the HTTP parser stops handing body bytes to the request once it is
    // answered, but the socket goes on reading whatever the client still sends.
    const readBefore = socket.bytesRead;
    socket.on('data', () => {
      if (socket.bytesRead - readBefore > LINGER_BYTES) socket.destroy();
    });
    req.resume();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

function refuse(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  closeAfterAnswer(req, res);
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({ error: 'The request is too large.' })
    : 'This request is too large. Please send smaller files (100 MB in all at most).';
  res.writeHead(413, {
    'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(body);
  // The app still finishes its own work on the failed read; its answer has nowhere to go.
  res.writeHead = (() => res) as unknown as ServerResponse['writeHead'];
  res.setHeader = (() => res) as unknown as ServerResponse['setHeader'];
  res.write = (() => true) as unknown as ServerResponse['write'];
  res.end = (() => res) as unknown as ServerResponse['end'];
}

async function* limitedBody(req: IncomingMessage, res: ServerResponse, cap: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  // Leaving the loop must not destroy the request: that would cut the socket before the 413 is out.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    received += chunk.byteLength;
    if (received > cap) {
      refuse(req, res);
      throw new BodyTooLarge(cap);
    }
    yield chunk;
  }
}

/**
 * Wraps the server's request handler with the body limit. Astro's Node adapter reads `req.body`
 * when it is an async iterable, so the app only ever sees the counted stream.
 */
export function limitRequestBodies(handler: Handler): Handler {
  return (req, res) => {
    const cap = bodyCapFor(req.method ?? 'GET', req.url ?? '/', req.headers['content-type']);
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > cap) {
      refuse(req, res);
      return;
    }
    // An answer sent before the body was read (401, 429, a redirect): close instead of reading
    // the rest of a body nobody wants.
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if (hasUnreadBody(req)) closeAfterAnswer(req, res);
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    (req as WithBody).body = limitedBody(req, res, cap);
    handler(req, res);
  };
}
