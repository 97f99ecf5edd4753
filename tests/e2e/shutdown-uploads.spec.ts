/**
 * Issue 32, "SIGTERM answers in-flight uploads before closing" (scripts/start.mjs, ROLLING_RESTART):
 * an app process of this test (PGlite, its own data folder) is stopped while a seller's phone is
 * still sending, slowly, a resumable (tus) part of a photo and a listing's multipart form. The
 * process drains for 5 s (answering, /readyz 503), closes its port (a new request is refused) and
 * waits for both requests in flight: each gets its real answer (204 with the whole offset, 201 with
 * the listing), the photo passed its checks (it stays staged; a refused one is removed), and the
 * process then exits on its own with 0. No browser: plain HTTP requests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { freePort, startApp, stopApp, type AppProcess } from './app-processes.ts';

const SELLER = { email: 'shutdown-seller@e2e.test', password: 'shutdown-seller-9', name: 'Selam' };
const FIELDS = {
  product_name: 'Woven basket',
  company_name: 'Mesob Crafts',
  category: 'foods',
  discount: '20',
  discount_duration: '7',
  description: 'Hand-woven in Gondar.',
  location: 'Piassa',
  latitude: '9.03',
  longitude: '38.75',
  contact_phone: '0911000000',
  contact_telegram: '@mesob_crafts',
};
/** How long each slow body takes after the signal: longer than the 5 s drain. */
const SENDING_MS = 9000;
const PARTS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request whose body goes out in `parts`, each when `send(i)` says: its answer, or a rejection with
 * the network error (ECONNRESET, EPIPE…) when the connection is cut.
 */
function slowRequest(
  url: string,
  method: string,
  headers: http.OutgoingHttpHeaders,
  parts: Buffer[],
  pace: (i: number) => Promise<void>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const request = http.request(url, { method, headers: { ...headers, 'Content-Length': length }, agent: false });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    void (async () => {
      for (const [i, part] of parts.entries()) {
        await pace(i);
        if (request.destroyed) return;
        request.write(part);
      }
      request.end();
    })();
  });
}

/** `bytes` in `count` nearly equal parts. */
function split(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

/** A multipart/form-data body of `fields` and `files`. */
function multipart(fields: Record<string, string>, files: Record<string, { name: string; type: string; bytes: Buffer }>) {
  const boundary = `----sefer-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Whether a new connection to `base` is refused (the port is closed), else its status. */
async function connect(base: string): Promise<number | string> {
  try {
    const response = await fetch(`${base}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
  }
}

/** Signs the seller up by the API (the emailed code from the app's outbox): the session's Cookie header. */
async function signUp(base: string, dataDir: string): Promise<string> {
  const cookies = new Map<string, string>();
  const post = async (target: string, data: object) => {
    const response = await fetch(`${base}${target}`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/json', Cookie: [...cookies.values()].join('; ') },
      body: JSON.stringify(data),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.split('=')[0]!, pair);
    }
    return response;
  };
  expect((await post('/api/auth/sign-up/email', SELLER)).status).toBe(200);
  const code = async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox).catch(() => [])).map((f) => readFile(path.join(outbox, f), 'utf8')));
    return mails.map((mail) => /code is (\d{6})/.exec(mail)?.[1]).find(Boolean) ?? '';
  };
  await expect.poll(code).toMatch(/^\d{6}$/);
  expect((await post('/api/auth/email-otp/verify-email', { email: SELLER.email, otp: await code() })).status).toBe(200);
  return [...cookies.values()].join('; ');
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

test.describe('SIGTERM with ROLLING_RESTART answers the uploads in flight', { tag: '@slow' }, () => {
  let dataDir: string;
  let app: AppProcess | undefined;
  test.afterEach(async () => {
    await stopApp(app?.child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('a tus part and a multipart listing sent slowly across the drain get their answers; the port closes; exit 0', async () => {
    // One app start (PGlite, migrations, no seed), a sign-up, ~10 s of stopping.
    test.setTimeout(90_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-e2e-shutdown-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', SITE_URL: base, DATA_DIR: dataDir, SEED_DEMO: 'false' };
    app = startApp({ ...env, RATE_LIMIT_SCALE: '1000', ROLLING_RESTART: 'true' });
    await app.ready;
    const { child, log } = app;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const cookie = await signUp(base, dataDir);

    // A few hundred KB of a real photo (noise does not compress), staged with tus.
    const width = 640;
    const height = 480;
    const jpeg = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(200_000);
    const tus = { 'Tus-Resumable': '1.0.0', Origin: base, Cookie: cookie };
    const created = await fetch(`${base}/api/uploads/`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(jpeg.length),
        'Upload-Metadata': `field ${b64('product_photo')},filetype ${b64('image/jpeg')},filename ${b64('basket.jpg')}`,
      },
    });
    expect(created.status, await created.text()).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;

    const png = (background: string) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background } })
        .png()
        .toBuffer();
    const form = multipart(FIELDS, {
      profile_photo: { name: 'logo.png', type: 'image/png', bytes: await png('#065f46') },
      product_photo: { name: 'basket.png', type: 'image/png', bytes: await png('#8b4513') },
    });

    // Both bodies: the first part now, the signal, then the rest over SENDING_MS.
    let signalled!: () => void;
    const signal = new Promise<void>((resolve) => (signalled = resolve));
    let firstParts = 0;
    const pace = async (i: number) => {
      if (i === 0) return;
      if (i === 1) {
        if (++firstParts === 2) signalled();
        await signal;
      }
      await sleep(SENDING_MS / (PARTS - 1));
    };
    const outcome = (answer: Promise<Answer>) =>
      answer.then(
        (a) => ({ ...a, at: Date.now() }),
        (error: { code?: string }) => ({
          status: error.code ?? String(error),
          headers: {} as http.IncomingHttpHeaders,
          body: '',
          at: Date.now(),
        }),
      );
    const patch = outcome(
      slowRequest(
        `${base}${location}`,
        'PATCH',
        { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        split(jpeg, PARTS),
        pace,
      ),
    );
    const listing = outcome(
      slowRequest(
        `${base}/api/products/`,
        'POST',
        { Origin: base, Cookie: cookie, 'Content-Type': form.contentType },
        split(form.body, PARTS),
        pace,
      ),
    );
    await signal;
    // The server has both requests' heads before it is told to stop.
    await sleep(300);
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    // Draining: still answering, each answer closing its connection, and not ready.
    await sleep(1000);
    const readyz = await fetch(`${base}/readyz`);
    expect(readyz.status).toBe(503);
    expect(readyz.headers.get('connection')).toBe('close');

    // After the 5 s drain the port is closed, while both bodies are still being sent.
    await expect.poll(() => connect(base), { timeout: 8000, intervals: [250] }).toBe('ECONNREFUSED');
    const portClosedAt = Date.now();
    expect(child.exitCode, 'the process waits for the requests in flight').toBeNull();

    const [patched, posted] = await Promise.all([patch, listing]);
    expect(patched.at, 'the part was still being sent when the port closed').toBeGreaterThan(portClosedAt);
    expect(posted.at, 'the form was still being sent when the port closed').toBeGreaterThan(portClosedAt);
    expect(patched.status, `the tus part's answer:\n${patched.body}`).toBe(204);
    expect(patched.headers['upload-offset']).toBe(String(jpeg.length));
    expect(posted.status, `the listing's answer:\n${posted.body}`).toBe(201);
    expect(JSON.parse(posted.body)).toMatchObject({ id: expect.any(Number), product_name: FIELDS.product_name });

    // The process stops on its own, cleanly, well within the 60 s it gives requests in flight.
    const code = await Promise.race([exited, sleep(30_000).then(() => 'still running')]);
    expect(code, log.join('').slice(-2000)).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(60_000);
    expect(log.join('')).toContain('stopped cleanly');

    // The photo passed its checks: a finished upload that fails them is removed, this one is staged whole.
    expect((await stat(path.join(dataDir, 'uploads', id))).size).toBe(jpeg.length);
    const staged = JSON.parse(await readFile(path.join(dataDir, 'uploads', `${id}.json`), 'utf8')) as { size: number };
    expect(staged.size).toBe(jpeg.length);
  });
});
