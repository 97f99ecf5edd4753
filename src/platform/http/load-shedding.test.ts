import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadShedder, isExempt, loadSheddingOptions, type LoadSheddingOptions } from './load-shedding.server.ts';

/** A response that records what was written and emits 'close' when ended, like Node's. */
class FakeResponse extends EventEmitter {
  status: number | undefined;
  headers: Record<string, string | number> = {};
  body = '';
  headersSent = false;
  writeHead(status: number, headers: Record<string, string | number>) {
    this.status = status;
    this.headers = headers;
    this.headersSent = true;
    return this;
  }
  end(body?: string) {
    this.body = body ?? '';
    this.emit('close');
    return this;
  }
}

const request = (url: string, method = 'GET', headers: Record<string, string> = {}) =>
  ({ url, method, headers }) as unknown as IncomingMessage;
const response = () => new FakeResponse() as unknown as ServerResponse & FakeResponse;

const options: LoadSheddingOptions = { maxActive: 2, maxQueued: 1, maxWaitMs: 1000, retryAfterSeconds: 5 };

describe('createLoadShedder', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders up to maxActive at once, queues maxQueued more, and answers the rest 503 with Retry-After at once', () => {
    const shedder = createLoadShedder(options);
    const ran: string[] = [];
    const responses = ['/a', '/b', '/c', '/d'].map((url) => {
      const res = response();
      shedder.handle(request(url), res, () => ran.push(url));
      return res;
    });
    expect(ran).toEqual(['/a', '/b']);
    expect(shedder.active).toBe(2);
    expect(shedder.queued).toBe(1);
    expect(responses[2]!.status).toBeUndefined();
    expect(responses[3]!.status).toBe(503);
    expect(responses[3]!.headers['Retry-After']).toBe('5');
    expect(responses[3]!.headers['Cache-Control']).toBe('no-store');
    expect(responses[3]!.body).toContain('Sefer is busy right now');
    expect(responses[3]!.body).toContain('lang="en"');

    // A render ends: the queued request runs in its place.
    responses[0]!.end('done');
    expect(ran).toEqual(['/a', '/b', '/c']);
    expect(shedder.active).toBe(2);
    expect(shedder.queued).toBe(0);
    responses[1]!.end();
    responses[2]!.end();
    expect(shedder.active).toBe(0);
  });

  it('sheds a queued request that waited maxWaitMs, and frees the place of one whose visitor left', () => {
    const shedder = createLoadShedder({ ...options, maxQueued: 2 });
    const ran: string[] = [];
    const [a, , c, d] = ['/a', '/b', '/c', '/d'].map((url) => {
      const res = response();
      shedder.handle(request(url), res, () => ran.push(url));
      return res;
    });
    expect(shedder.queued).toBe(2);
    d!.emit('close'); // the visitor of /d gave up
    expect(shedder.queued).toBe(1);
    vi.advanceTimersByTime(999);
    expect(c!.status).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(c!.status).toBe(503);
    expect(shedder.queued).toBe(0);
    a!.end();
    expect(ran).toEqual(['/a', '/b']);
    expect(shedder.active).toBe(1);
  });

  it('answers in Amharic under /am/, and JSON under /api/', () => {
    const shedder = createLoadShedder({ ...options, maxActive: 1, maxQueued: 0 });
    shedder.handle(request('/x'), response(), () => undefined);
    const am = response();
    shedder.handle(request('/am/recents'), am, () => undefined);
    expect(am.status).toBe(503);
    expect(am.body).toContain('lang="am"');
    expect(am.body).toContain('ሰፈር አሁን ሥራ በዝቶበታል');
    const api = response();
    shedder.handle(request('/api/likes', 'POST'), api, () => undefined);
    expect(api.status).toBe(503);
    expect(api.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(api.body)).toEqual({ error: expect.stringContaining('busy') });
  });

  it('never counts nor sheds health checks, files, media and uploads, even when full', () => {
    const shedder = createLoadShedder({ ...options, maxActive: 1, maxQueued: 0 });
    shedder.handle(request('/x'), response(), () => undefined);
    const exempt = [
      request('/readyz'),
      request('/healthz'),
      request('/_astro/index.abc123.css'),
      request('/media/ab/cd.webp'),
      request('/favicon.ico'),
      request('/api/uploads/0123abcd', 'PATCH', { 'content-type': 'application/offset+octet-stream' }),
      request('/api/uploads', 'POST'),
      request('/myposts', 'POST', { 'content-type': 'multipart/form-data; boundary=x' }),
    ];
    for (const req of exempt) {
      const res = response();
      let ran = false;
      shedder.handle(req, res, () => (ran = true));
      expect(ran, req.url).toBe(true);
      expect(res.status, req.url).toBeUndefined();
    }
    expect(shedder.active).toBe(1);
    const page = response();
    shedder.handle(request('/recents'), page, () => undefined);
    expect(page.status).toBe(503);
  });

  it('sheds nothing when the limit is 0', () => {
    const shedder = createLoadShedder(loadSheddingOptions(0));
    let ran = 0;
    for (let i = 0; i < 50; i++) shedder.handle(request(`/p${i}`), response(), () => ran++);
    expect(ran).toBe(50);
  });
});

describe('isExempt', () => {
  it('exempts what a cached page needs and uploads, not pages or other posts', () => {
    expect(isExempt(request('/_astro/x.js'))).toBe(true);
    expect(isExempt(request('/listings/12-phone'))).toBe(false);
    expect(isExempt(request('/search?query=a.css'))).toBe(false);
    expect(isExempt(request('/api/likes', 'POST', { 'content-type': 'application/json' }))).toBe(false);
  });
});

describe('loadSheddingOptions', () => {
  it('queues twice the renders for at most a second', () => {
    expect(loadSheddingOptions(8)).toEqual({ maxActive: 8, maxQueued: 16, maxWaitMs: 1000, retryAfterSeconds: 5 });
  });
});
