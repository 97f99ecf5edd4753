import http from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, loggablePath, routeConsoleToLog } from './log.server.ts';
import { requestIdFrom } from './request-context.server.ts';

/** A logger writing into an array of lines. */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { log: createLogger({ destination, level: 'debug' }), lines, text: () => lines.join('\n') };
}

// The process's logger, taken by access-log.server.ts on its first use: this test's capture.
const shared = capture();
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.log')] = shared.log;
const { observeRequests } = await import('./access-log.server.ts');

describe('the log', () => {
  it('never writes a password, a code, a token or a cookie', () => {
    const { log, text } = capture();
    log.info(
      {
        password: 'hunter2-password',
        code: '493817',
        token: 'tok-abcdef-123',
        body: { email: 'a@b.et', password: 'hunter3-password', code: '112233' },
        req: { headers: { cookie: 'sefer.session_token=secret-cookie', authorization: 'Bearer secret-bearer' } },
        headers: { cookie: 'sefer_state=1; other=secret-cookie-2', 'set-cookie': 'x=secret-cookie-3' },
        path: loggablePath('/telegram/login?token=tok-in-url&code=777777&password=pw-in-url&page=2'),
      },
      'a request',
    );
    const out = text();
    for (const secret of [
      'hunter2-password',
      '493817',
      'tok-abcdef-123',
      'hunter3-password',
      '112233',
      'secret-cookie',
      'secret-bearer',
      'tok-in-url',
      '777777',
      'pw-in-url',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('page=2');
    expect(out).toContain('[redacted]');
  });

  it('keeps an error on one line, its stack in err.stack, its code readable', () => {
    const { log, lines } = capture();
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    log.error({ err: error }, '[media] the bucket does not answer');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; time: string; msg: string; err: { stack: string; code: string } };
    expect(line.err.stack).toContain('connect ECONNREFUSED');
    expect(line.err.stack).toContain('\n    at ');
    expect(line.err.code).toBe('ECONNREFUSED');
    expect(line.level).toBe(50);
    expect(new Date(line.time).getTime()).toBeGreaterThan(0);
  });

  it("turns a library's console.error of an error into one line with the stack in err", () => {
    const saved = { ...console };
    try {
      routeConsoleToLog();
      shared.lines.length = 0;
      console.error('Could not render /deals:', new Error('boom'));
    } finally {
      Object.assign(console, saved);
    }
    return expect
      .poll(() => shared.lines.length)
      .toBe(1)
      .then(() => {
        const line = JSON.parse(shared.lines[0]!) as { component: string; msg: string; err: { message: string; stack: string } };
        expect(line).toMatchObject({ component: 'console', msg: 'Could not render /deals:', err: { message: 'boom' } });
        expect(line.err.stack).toContain('Error: boom\n    at ');
      });
  });

  it('keeps a sane request id and replaces any other', () => {
    expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of [undefined, '', 'has space', 'a\nb', 'x'.repeat(129), ['a', 'b'], '<script>']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('the access log', () => {
  const server = http.createServer(
    observeRequests((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('ok');
    }),
  );
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const lineOf = async (id: string) => {
    await expect.poll(() => shared.lines.some((l) => l.includes(id))).toBe(true);
    return JSON.parse(shared.lines.find((l) => l.includes(id))!) as Record<string, unknown>;
  };

  it('sends back the request id it was given and logs it with the request, without secrets or the address', async () => {
    const origin = await listening;
    const response = await fetch(`${origin}/login?token=abc-secret&next=/saved`, {
      headers: { 'X-Request-Id': 'trace-42', Cookie: 'sefer.session_token=cookie-secret' },
    });
    expect(response.headers.get('X-Request-Id')).toBe('trace-42');
    const line = await lineOf('trace-42');
    expect(line).toMatchObject({ reqId: 'trace-42', method: 'GET', status: 200, route: '(none)', msg: 'request' });
    expect(line.path).toBe('/login?token=*&next=/saved');
    expect(typeof line.ms).toBe('number');
    const text = shared.lines.join('\n');
    expect(text).not.toContain('abc-secret');
    expect(text).not.toContain('cookie-secret');
    expect(text).not.toContain('127.0.0.1');
  });

  it('makes an id when the client sent none or a strange one', async () => {
    const origin = await listening;
    const made = (await fetch(`${origin}/`)).headers.get('X-Request-Id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const replaced = (await fetch(`${origin}/`, { headers: { 'X-Request-Id': 'bad id!' } })).headers.get('X-Request-Id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect((await lineOf(made!)).reqId).toBe(made);
  });
});
