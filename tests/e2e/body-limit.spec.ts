import http from 'node:http';
import { readFileSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { expect, test, type BrowserContext } from '@playwright/test';
import { dealFields, signedInPage } from './support.ts';

const MIB = 1024 * 1024;
const UPLOAD_CAP = 100 * MIB;
const SMALL_CAP = 128 * 1024;

const pids = new Map<number, number>();
function serverPidOf(port: number): number {
  const pid = pids.get(port);
  if (pid === undefined) throw new Error('call serverPid first');
  return pid;
}

/** The pid of the process listening on `port` (the e2e server), from /proc. */
async function serverPid(port: number): Promise<number> {
  const known = pids.get(port);
  if (known !== undefined) return known;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(hexPort) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) {
        pids.set(port, Number(pid));
        return Number(pid);
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) * 1024;
}

/** Bytes the process has read through system calls so far (sockets included): /proc/<pid>/io rchar. */
function bytesReadBy(pid: number): number {
  return Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);
}

type Sent = {
  status: number;
  body: string;
  sentWhenAnswered: number;
  readWhenAnswered: number;
  elapsedMs: number;
  readInAll: () => Promise<number>;
};

/**
 * Sends `head`, then zeros up to `total` bytes in all, with chunked transfer encoding (no
 * Content-Length), generated on the fly; stops sending once the answer's status line arrives.
 */
function sendChunked(
  baseURL: string,
  options: { method: string; path: string; headers: Record<string, string>; head: string; total: number; paceAfter?: number },
): Promise<Sent> {
  const url = new URL(options.path, baseURL);
  // The client's kernel and the server's socket buffers hold a few MB sent but not yet read: what
  // the server has read is measured on the server process itself.
  const pid = serverPidOf(Number(url.port));
  const readBefore = bytesReadBy(pid);
  const zeros = Buffer.alloc(256 * 1024);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: options.method, headers: { ...options.headers, 'Transfer-Encoding': 'chunked' } });
    // The server cuts the connection once its bounded drain after the answer is over: from then on
    // it reads nothing more of this request.
    const cut = new Promise<void>((resolve) => req.once('socket', (socket) => socket.once('close', () => resolve())));
    req.on('response', (res) => {
      answered = true;
      const readWhenAnswered = bytesReadBy(pid) - readBefore;
      const sentWhenAnswered = req.socket?.bytesWritten ?? 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      // What the server reads after answering, to drain what is in flight before it closes, is bounded too.
      const readInAll = async () => {
        let timer: NodeJS.Timeout | undefined;
        const kept = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the server kept the connection open 15 s after answering')), 15_000);
        });
        await Promise.race([cut, kept]).finally(() => clearTimeout(timer));
        return bytesReadBy(pid) - readBefore;
      };
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body: Buffer.concat(chunks).toString(),
          sentWhenAnswered,
          readWhenAnswered,
          elapsedMs: Date.now() - started,
          readInAll,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', (error) => {
      // The server cuts the connection after answering; only an error before any answer counts.
      if (!answered) reject(error);
    });
    let sent = 0;
    const pump = () => {
      if (sent === 0) {
        req.write(options.head);
        sent += Buffer.byteLength(options.head);
      }
      while (!answered && sent < options.total) {
        // Past the point where the server answers, send at a phone's pace rather than loopback's
        // (gigabytes a second), which gives the server's drain time to let the answer be read.
        const paced = sent >= (options.paceAfter ?? Infinity);
        const chunk = zeros.subarray(0, Math.min(paced ? 64 * 1024 : zeros.length, options.total - sent));
        sent += chunk.length;
        const more = req.write(chunk);
        if (paced) {
          setTimeout(pump, 5);
          return;
        }
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function multipartHead(boundary: string, fields: Record<string, string>, fileField: string): string {
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return `${head}--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
}

async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

const FIELDS = dealFields('Tea', 'Tea House');

test.describe('request bodies have a byte limit, counted while reading', { tag: '@slow' }, () => {
  // One at a time: each test counts every byte the server process reads.
  test.describe.configure({ mode: 'default' });
  test.beforeEach(async ({ baseURL }) => {
    await serverPid(Number(new URL(baseURL!).port));
  });

  test('a chunked 200 MB upload is refused with 413 before 1 MB past the cap is read, memory flat', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const user = await signedInPage(browser, baseURL!);
    const pid = await serverPid(Number(new URL(baseURL!).port));
    const boundary = 'sefer-body-limit-test';
    const before = await rssBytes(pid);
    let peak = before;
    const sampler = setInterval(
      () =>
        void rssBytes(pid).then(
          (r) => (peak = Math.max(peak, r)),
          () => {},
        ),
      25,
    );
    const sent = await sendChunked(baseURL!, {
      method: 'POST',
      path: '/api/products/',
      headers: { Origin: baseURL!, Cookie: await cookieHeader(user.context), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      head: multipartHead(boundary, FIELDS, 'product_photo'),
      total: 200 * MIB,
      paceAfter: UPLOAD_CAP,
    });
    await sent.readInAll();
    clearInterval(sampler);
    const after = await rssBytes(pid);
    console.log(
      `[body-limit] 200 MB chunked upload: ${sent.status} after ${(sent.readWhenAnswered / MIB).toFixed(2)} MB read by the server (${(sent.sentWhenAnswered / MIB).toFixed(1)} MB sent) in ${sent.elapsedMs} ms; server RSS ${(before / MIB).toFixed(0)} MB before, ${(peak / MIB).toFixed(0)} MB peak, ${(after / MIB).toFixed(0)} MB after`,
    );
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ error: expect.any(String) });
    expect(sent.readWhenAnswered).toBeLessThan(UPLOAD_CAP + MIB);
    // The server holds at most the cap while it reads, never the whole 200 MB.
    expect(peak - before).toBeLessThan(UPLOAD_CAP * 1.5);
    // And the server still serves.
    expect((await user.page.request.get('/healthz')).status()).toBe(200);
    await user.context.close();
  });

  test('signed out, the same upload gets 401 without the body being read', async ({ baseURL }) => {
    const boundary = 'sefer-body-limit-test';
    const sent = await sendChunked(baseURL!, {
      method: 'POST',
      path: '/api/products/',
      headers: { Origin: baseURL!, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      head: multipartHead(boundary, FIELDS, 'product_photo'),
      total: 200 * MIB,
      paceAfter: 0,
    });
    expect(sent.status).toBe(401);
    expect(sent.readWhenAnswered).toBeLessThan(MIB);
    expect(await sent.readInAll()).toBeLessThan(MIB);
  });

  test('a large JSON body to /api/cat is refused at the small cap, signed out', async ({ baseURL }) => {
    const sent = await sendChunked(baseURL!, {
      method: 'POST',
      path: '/api/cat',
      headers: { Origin: baseURL!, 'Content-Type': 'application/json' },
      head: '{"name":"A","message":"',
      total: 60 * MIB,
      paceAfter: SMALL_CAP,
    });
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body).error).toBeTruthy();
    expect(sent.readWhenAnswered).toBeLessThan(SMALL_CAP + MIB);
  });

  test('multipart to a route that takes no files gets the small cap', async ({ baseURL }) => {
    const boundary = 'sefer-body-limit-test';
    const sent = await sendChunked(baseURL!, {
      method: 'POST',
      path: '/contact-us',
      headers: { Origin: baseURL!, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      head: multipartHead(boundary, { name: 'A' }, 'message'),
      total: 20 * MIB,
      paceAfter: SMALL_CAP,
    });
    expect(sent.status).toBe(413);
    expect(sent.body).toContain('too large');
    expect(sent.readWhenAnswered).toBeLessThan(SMALL_CAP + MIB);
  });

  test('PATCH /api/delete/products/{id}/ over the cap gets 413, chunked or declared', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const user = await signedInPage(browser, baseURL!);
    const photo = {
      name: 'p.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
    };
    const created = await user.page.request.post('/api/products/', {
      headers: { Origin: baseURL! },
      multipart: { ...FIELDS, profile_photo: photo, product_photo: photo },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    const boundary = 'sefer-body-limit-test';
    const headers = {
      Origin: baseURL!,
      Cookie: await cookieHeader(user.context),
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
    };
    const chunked = await sendChunked(baseURL!, {
      method: 'PATCH',
      path: `/api/delete/products/${id}/`,
      headers,
      head: multipartHead(boundary, { product_name: 'Tea' }, 'product_photo'),
      total: 120 * MIB,
      paceAfter: UPLOAD_CAP,
    });
    expect(chunked.status).toBe(413);
    expect(chunked.readWhenAnswered).toBeLessThan(UPLOAD_CAP + MIB);
    // A declared Content-Length over the cap is refused before a byte of the body is read.
    const declared = await new Promise<number>((resolve, reject) => {
      const req = http.request(new URL(`/api/delete/products/${id}/`, baseURL), {
        method: 'PATCH',
        headers: { ...headers, 'Content-Length': String(120 * MIB) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write(multipartHead(boundary, {}, 'product_photo'));
    });
    expect(declared).toBe(413);
    await user.context.close();
  });
});
