/**
 * The documented deployment (deploy/nginx.conf, deploy/README.md): nginx, started from that file
 * with only its ports and paths replaced, in front of two app processes on one PostgreSQL. Requests
 * through it reach both processes (nginx's access log names the one that answered), nginx serves
 * the build's assets and the local media itself and hands media it does not have to the app, and
 * the app sees the visitor's address, not nginx's. No browser: plain HTTPS requests.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, skipped without it, like the other multi-process tests),
 * Debian's nginx (skipped without it, but a failure in CI, where .ci/run installs it) and openssl
 * (for a throwaway certificate; PostgreSQL's packages bring it). bench/nginx.mjs makes the
 * replacements (the ones deploy/nginx.conf's head lists) and starts nginx; the benchmark uses it too.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freePort, freshDatabase, ROOT, startApp, stopApp, type AppProcess } from './app-processes.ts';
import { ask, needsPostgresAndNginx, SKIP_DATABASE, startDeployment, VISITOR, type Deployment } from './through-nginx.ts';

if (!process.env.TEST_DATABASE_URL) console.log(`note: ${SKIP_DATABASE}`);

/** The access log's lines for requests whose target contains `marker`: the upstream that answered each. */
async function upstreams(logFile: string, marker: string): Promise<string[]> {
  const lines = (await readFile(logFile, 'utf8')).split('\n').filter((line) => line.includes(marker));
  return lines.map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '(none)');
}

test.describe('deploy/nginx.conf in front of two app processes', { tag: '@slow' }, () => {
  // In this order: the last one stops the processes.
  test.describe.configure({ mode: 'serial' });
  needsPostgresAndNginx();

  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let work: string;
  let deployment: Deployment | undefined;
  let dataDir: string;
  let apps: AppProcess[];
  let appPorts: number[];
  let nginx: Deployment['nginx'];
  let ports: Deployment['ports'];
  let appEnv: Deployment['appEnv'];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    database = await freshDatabase(process.env.TEST_DATABASE_URL!, 'sefer_nginx');
    work = await mkdtemp(path.join(os.tmpdir(), 'sefer-nginx-'));
    deployment = await startDeployment(database.url, work);
    ({ dataDir, apps, appPorts, nginx, ports, appEnv } = deployment);
  });

  test.afterAll(async () => {
    await deployment?.stop();
    await database?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  test('pages come from both processes, files from nginx, and the app sees the visitor', async () => {
    const accessLog = nginx.accessLog;

    // Pages: round robin over the two processes, each named in the access log.
    for (let i = 0; i < 6; i++) {
      const page = await ask(ports.https, `/?through=nginx-${i}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
    }
    const pageUpstreams = await upstreams(accessLog, 'through=nginx-');
    expect(pageUpstreams).toHaveLength(6);
    expect(new Set(pageUpstreams)).toEqual(new Set(appPorts.map((port) => `127.0.0.1:${port}`)));

    // An Astro asset, from dist/client by nginx (no upstream), kept for a year.
    const assets = await readdir(path.join(ROOT, 'dist/client/_astro'));
    const asset = assets.find((name) => name.endsWith('.js'));
    expect(asset, 'dist/client/_astro has a script (run npm run build)').toBeDefined();
    const served = await ask(ports.https, `/_astro/${asset}`);
    expect(served.status).toBe(200);
    expect(served.body.equals(await readFile(path.join(ROOT, 'dist/client/_astro', asset!)))).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await upstreams(accessLog, `/_astro/${asset}`)).toEqual(['-']);

    // A medium on local disk, by nginx, ranges included; one that is not there, by the app.
    const media = Buffer.from('RIFF\0\0\0\0WEBPVP8 deploy test bytes');
    await mkdir(path.join(dataDir, 'media/deploy'), { recursive: true });
    await writeFile(path.join(dataDir, 'media/deploy/probe.webp'), media);
    const medium = await ask(ports.https, '/media/deploy/probe.webp');
    expect(medium.status).toBe(200);
    expect(medium.body.equals(media)).toBe(true);
    expect(medium.headers['content-type']).toBe('image/webp');
    expect(medium.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const part = await ask(ports.https, '/media/deploy/probe.webp', { headers: { range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('RIFF');
    expect(new Set(await upstreams(accessLog, '/media/deploy/probe.webp'))).toEqual(new Set(['-']));
    const elsewhere = await ask(ports.https, '/media/deploy/not-on-this-disk.webp');
    expect(elsewhere.status).toBe(404);
    expect((await upstreams(accessLog, '/media/deploy/not-on-this-disk.webp'))[0]).toMatch(/^127\.0\.0\.1:\d+$/);

    // The visitor's address: the contact form counts its rate limit per address. A forged
    // X-Forwarded-For from the visitor is ignored (the app takes the entry nginx appended).
    const sent = await ask(ports.https, '/contact-us', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `https://127.0.0.1:${ports.https}`,
        'x-forwarded-for': '203.0.113.9',
      },
      body: new URLSearchParams({ name: 'Deploy', email: 'deploy@example.com', subject: 'Through nginx', message: 'Hello' }).toString(),
    });
    expect(sent.status, sent.body.toString().slice(0, 300)).toBe(303);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string }>(`select key from rate_limits where key like 'contact:ip:%'`);
      expect(rows.map((row) => row.key)).toEqual([`contact:ip:${VISITOR}`]);
    } finally {
      await client.end();
    }

    // Plain HTTP is sent to HTTPS, and a body above the app's 100 MiB cap is refused by nginx unread.
    const plain = await ask(ports.http, '/homes', { plain: true });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/homes');
    const tooLarge = await ask(ports.https, '/api/products/', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024 + 1) },
    });
    expect(tooLarge.status).toBe(413);
  });

  test('a rolling restart with deploy/restart.sh under load gives 0 errors; /healthz names the build', async () => {
    test.setTimeout(180_000);
    // The supervisor (systemd in production): restarting a port stops its process (SIGTERM: it drains,
    // then exits) and starts a new one; restart.sh then waits for the new one's /readyz.
    const control = http.createServer((request, response) => {
      const port = Number(/^\/restart\/(\d+)$/.exec(request.url ?? '')?.[1]);
      const index = appPorts.indexOf(port);
      if (index < 0) return void response.writeHead(404).end();
      void stopApp(apps[index]!.child).then(() => {
        apps[index] = startApp(appEnv(port));
        response.writeHead(200).end('restarted');
      });
    });
    const controlPort = await freePort();
    await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve));

    // Visitors meanwhile: pages (most of them rendered, not cached), deals' messages posted.
    const outcomes: string[] = [];
    let running = true;
    let n = 0;
    const visitor = async () => {
      while (running) {
        const i = n++;
        const answer =
          i % 4 === 3
            ? await ask(ports.https, '/api/cat', {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin: `https://127.0.0.1:${ports.https}` },
                body: JSON.stringify({ name: 'Load', message: `Rolling restart ${i}` }),
              }).catch((error: Error) => ({ status: error.message, headers: {}, body: Buffer.alloc(0) }))
            : await ask(ports.https, i % 4 === 0 ? '/' : `/homes?restart=${i}`).catch((error: Error) => ({
                status: error.message,
                headers: {},
                body: Buffer.alloc(0),
              }));
        outcomes.push(`${String(answer.status)}${i % 4 === 3 ? ' POST' : ''}`);
        if (answer.status !== 200 && answer.status !== 201)
          console.log(`[rolling-restart] ${i}: ${answer.status} ${answer.body.toString().replace(/\s+/g, ' ').slice(0, 900)}`);
      }
    };
    const visitors = Array.from({ length: 4 }, visitor);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const restarted = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        path.join(ROOT, 'deploy/restart.sh'),
        appPorts.map(String),
        { env: { ...process.env, SEFER_RESTART: `curl -fs -X POST http://127.0.0.1:${controlPort}/restart/%s` }, timeout: 150_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    running = false;
    await Promise.all(visitors);
    control.close();
    console.log(`[rolling-restart] ${outcomes.length} requests during the restart:\n${restarted.output}`);
    expect(restarted.code, restarted.output).toBe(0);
    expect(restarted.output).toMatch(
      new RegExp(`port ${appPorts[1]} is ready: \\{"ok":true,"version":"[^"]+","commit":"[^"]*","startedAt":"`),
    );
    const counts = outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});
    expect(counts, JSON.stringify(counts)).toEqual({ '200': expect.any(Number), '201 POST': expect.any(Number) });
    expect(outcomes.length).toBeGreaterThan(100);
  });

  test('restart.sh stops when the process answering after a restart is the old one (its supervisor did not stop it)', async () => {
    // A restart command that stops nothing: the old process keeps its port, and a new one could not have opened it.
    const restarted = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        path.join(ROOT, 'deploy/restart.sh'),
        [String(appPorts[0])],
        { env: { ...process.env, SEFER_RESTART: 'sleep 1.1 # %s' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(restarted.code, restarted.output).toBe(1);
    expect(restarted.output).toContain(`port ${appPorts[0]} is still answered by a process started at`);
    expect(restarted.output).not.toContain('is ready');
  });

  test('with no process able to answer, nginx sends the outage page as a 503 with Retry-After, never a bare 502', async () => {
    await Promise.all(apps.map((app) => stopApp(app.child)));
    for (const target of ['/', '/homes', '/am/homes']) {
      const page = await ask(ports.https, target);
      expect(page.status, target).toBe(503);
      expect(page.headers['retry-after'], target).toBe('30');
      const html = page.body.toString();
      expect(html).toContain('Sefer is having trouble right now; please try again in a minute.');
      expect(html).toContain('ሰፈር አሁን ችግር ገጥሞታል');
      expect(html).not.toContain('Bad Gateway');
    }
    const posted = await ask(ports.https, '/api/cat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(posted.status).toBe(503);
  });
});
