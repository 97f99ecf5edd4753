/**
 * The operator's outage of issue 32, reproduced: deploy/nginx.conf (ports and paths replaced, as in
 * deploy-nginx.spec.ts) in front of two app processes (ROLLING_RESTART, no page cache, so pages
 * really read the database), and PostgreSQL stopped for about 5 s under four visitors who load
 * pages and post messages over HTTPS. Behind the old configuration visitors got nginx's bare
 * "502 Bad Gateway", and for about 2 s after the database was back (decision 32). Here every answer
 * is a success or a 503 that says when to come back, in the visitor's language: the app's own page
 * (or API answer), or nginx's /unavailable.html when no process answered at all. Once the database
 * is back, pages are 200 again within a bound and stay so, and the processes' logs name the
 * database as what was down.
 *
 * Runs its own PostgreSQL server (scripts/postgres-test-server.sh on PGOUTAGE_PORT, default 55497)
 * (one below for each further worker) so that it can stop it; needs TEST_DATABASE_URL like the other multi-process tests (skipped
 * without it: the sign that PostgreSQL is installed) and nginx (a failure in CI without it).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { ownPostgres, ROOT, type AppProcess } from './app-processes.ts';
import { ask, needsPostgresAndNginx, SKIP_DATABASE, startDeployment, type Deployment } from './through-nginx.ts';

/** Its PostgreSQL server's port, one below for each further worker (a --repeat-each run in parallel). */
const pgPort = () => Number(process.env.PGOUTAGE_PORT ?? 55497) - test.info().parallelIndex;
/** How long PostgreSQL stays stopped. */
const OUTAGE_MS = 5000;
/** After the database is back, pages are 200 again within this… */
const RECOVERY_BOUND_MS = 3000;
/** …and once a visitor has had a 200, a 503 may still start within this much of it (a pooled connection the restart broke), not later. */
const SETTLE_BOUND_MS = 1000;
const TROUBLE = {
  en: 'Sefer is having trouble right now; please try again in a minute.',
  am: 'ሰፈር አሁን ችግር ገጥሞታል፤ እባክዎ ከአንድ ደቂቃ በኋላ እንደገና ይሞክሩ።',
};
/** What POST /api/cat says when the message could not be written (the outage text is for reads). */
const NOT_POSTED = 'There was a problem submitting your message.';

if (!process.env.TEST_DATABASE_URL) console.log(`note: ${SKIP_DATABASE}`);

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';
/** What an answer was: a success, one of the two kinds of 503 that say when to come back, or wrong. */
type Kind = 'ok' | 'app 503' | 'nginx 503' | 'bad gateway' | 'wrong';

interface Outcome {
  visitor: number;
  target: string;
  phase: Phase;
  start: number;
  end: number;
  status: number | string;
  kind: Kind;
  detail: string;
}

/** Sorts one answer (see {@link Kind}); `unavailable` is the build's dist/client/unavailable.html. */
function kindOf(
  target: string,
  method: string,
  answer: { status: number; headers: http.IncomingHttpHeaders; body: string },
  unavailable: string,
): Kind {
  const { status, headers, body } = answer;
  if (status === 502 || status === 504 || body.includes('Bad Gateway')) return 'bad gateway';
  if (status === (method === 'POST' ? 201 : 200)) return 'ok';
  if (status !== 503 || !/^\d+$/.test(String(headers['retry-after']))) return 'wrong';
  if (body === unavailable) return headers['retry-after'] === '30' ? 'nginx 503' : 'wrong';
  if (target.startsWith('/api/')) {
    let error: string | undefined;
    try {
      error = (JSON.parse(body) as { error?: string }).error;
    } catch {
      return 'wrong';
    }
    return error === TROUBLE.en || (method === 'POST' && error === NOT_POSTED) ? 'app 503' : 'wrong';
  }
  return body.includes(target.startsWith('/am/') ? TROUBLE.am : TROUBLE.en) ? 'app 503' : 'wrong';
}

/** The app's log lines (pino JSON, one per line) that name a failed dependency: how many name each. */
function dependenciesLogged(log: string[]): Record<string, number> {
  const named: Record<string, number> = {};
  for (const line of log.join('').split('\n')) {
    if (!line.startsWith('{')) continue;
    const dependency = (JSON.parse(line) as { dependency?: string }).dependency;
    if (dependency) named[dependency] = (named[dependency] ?? 0) + 1;
  }
  return named;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('deploy/nginx.conf in front of two app processes while PostgreSQL is down', { tag: '@slow' }, () => {
  // One PostgreSQL server on a fixed port, and the logs' test reads what the outage left.
  test.describe.configure({ mode: 'serial' });
  needsPostgresAndNginx();

  let pgDir: string;
  let server: ReturnType<typeof ownPostgres>;
  let work: string;
  let deployment: Deployment | undefined;
  let apps: AppProcess[];
  let appPorts: number[];
  let ports: Deployment['ports'];
  /** When PostgreSQL was stopped, asked to start, had started (the script returned), and when the visitors were told to stop. */
  const at = { stopped: 0, starting: 0, back: 0, end: 0 };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    pgDir = await mkdtemp(path.join(os.tmpdir(), 'sefer-pgoutage-'));
    server = ownPostgres(pgPort(), pgDir);
    const adminUrl = await server.start();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database sefer_outage');
    await admin.end();
    const databaseUrl = adminUrl.replace(/\/postgres$/, '/sefer_outage');
    work = await mkdtemp(path.join(os.tmpdir(), 'sefer-nginx-outage-'));
    deployment = await startDeployment(databaseUrl, work, { PAGE_CACHE_SECONDS: '0' });
    ({ apps, appPorts, ports } = deployment);
  });

  test.afterAll(async () => {
    await deployment?.stop();
    await server?.stop().catch(() => undefined);
    if (pgDir) await rm(pgDir, { recursive: true, force: true });
    if (work) await rm(work, { recursive: true, force: true });
  });

  test('visitors get pages or a 503 with Retry-After in their language, never a 502, and 200 soon after the database returns', async () => {
    test.setTimeout(90_000);
    const unavailable = await readFile(path.join(ROOT, 'dist/client/unavailable.html'), 'utf8');
    const origin = `https://127.0.0.1:${ports.https}`;
    const targets = ['/', '/homes', '/am/homes', 'POST /api/cat'];
    const outcomes: Outcome[] = [];
    let phase: Phase = 'up';
    let running = true;
    const visitor = async (visitor: number) => {
      for (let i = visitor; running; i++) {
        const target = targets[i % targets.length]!;
        const post = target.startsWith('POST ');
        const url = post ? target.slice(5) : target;
        const start = Date.now();
        const asked = phase;
        const answer = await ask(
          ports.https,
          url,
          post
            ? {
                method: 'POST',
                headers: { 'content-type': 'application/json', origin },
                body: JSON.stringify({ name: 'Outage', message: `Anyone there? ${visitor}-${i}` }),
              }
            : {},
        ).catch((error: Error) => error.message);
        const end = Date.now();
        if (typeof answer === 'string') {
          outcomes.push({ visitor, target, phase: asked, start, end, status: answer, kind: 'wrong', detail: answer });
          continue;
        }
        const body = answer.body.toString();
        const kind = kindOf(url, post ? 'POST' : 'GET', { ...answer, body }, unavailable);
        const detail = `${answer.headers['retry-after'] ?? '-'} ${body.slice(0, 200)}`;
        outcomes.push({ visitor, target, phase: asked, start, end, status: answer.status, kind, detail });
      }
    };
    const visitors = Promise.all([0, 1, 2, 3].map(visitor));

    try {
      // Every target served once (the processes warmed up), then about a second of normal traffic.
      await expect
        .poll(() => targets.filter((t) => outcomes.some((o) => o.target === t && o.kind === 'ok')).length, { timeout: 20_000 })
        .toBe(targets.length);
      await sleep(1000);
      phase = 'stopping';
      at.stopped = Date.now();
      await server.stop();
      phase = 'down';
      await sleep(OUTAGE_MS - (Date.now() - at.stopped));
      phase = 'starting';
      at.starting = Date.now();
      await server.start();
      at.back = Date.now();
      phase = 'back';
      // Until each process serves a page again (asked directly, not through nginx), then 2 s more.
      for (const port of appPorts) {
        await expect
          .poll(async () => (await ask(port, '/homes', { plain: true }).catch(() => ({ status: 0 }))).status, {
            message: `the process on ${port} serves pages again`,
            timeout: 20_000,
            intervals: [100],
          })
          .toBe(200);
      }
      await sleep(2000);
      at.end = Date.now();
    } finally {
      running = false;
      await visitors;
    }

    const counts: Record<string, number> = {};
    for (const o of outcomes) counts[`${o.phase} ${o.kind}`] = (counts[`${o.phase} ${o.kind}`] ?? 0) + 1;
    const after = outcomes.filter((o) => o.phase === 'back');
    const firstPage = Math.min(...after.filter((o) => o.kind === 'ok' && !o.target.startsWith('POST')).map((o) => o.end));
    const pagesBack = Math.max(
      ...targets.map((t) => Math.min(...after.filter((o) => o.target === t && o.kind === 'ok').map((o) => o.end))),
    );
    // Per visitor: how long after its first success after the restart a 503 still began.
    const late = [0, 1, 2, 3].map((v) => {
      const mine = after.filter((o) => o.visitor === v);
      const firstOk = Math.min(...mine.filter((o) => o.kind === 'ok').map((o) => o.end));
      return Math.max(0, ...mine.filter((o) => o.start > firstOk && o.status === 503).map((o) => o.start - firstOk));
    });
    const summary = {
      requests: outcomes.length,
      counts,
      startMs: at.back - at.starting,
      pageBackMs: firstPage - at.back,
      everyTargetBackMs: pagesBack - at.back,
      late503Ms: late,
    };
    console.log(`[nginx-outage] ${JSON.stringify(summary)}`);

    const show = (list: Outcome[]) => list.slice(0, 5).map((o) => `${o.phase} ${o.target} ${o.status}: ${o.detail}`);
    expect(show(outcomes.filter((o) => o.kind === 'bad gateway')), 'answers that are nginx 502/504 or "Bad Gateway"').toEqual([]);
    expect(
      show(outcomes.filter((o) => o.kind === 'wrong')),
      'answers neither a success nor a 503 with Retry-After and the outage text',
    ).toEqual([]);
    // Answered before the stop (one asked just before may meet it).
    expect(show(outcomes.filter((o) => o.end < at.stopped && o.kind !== 'ok')), 'answers before the stop').toEqual([]);
    // The outage was seen, by pages and by posts alike: the test proved something.
    const down = outcomes.filter((o) => o.phase === 'down');
    expect(down.filter((o) => o.status === 503 && !o.target.startsWith('POST')).length, JSON.stringify(counts)).toBeGreaterThan(3);
    expect(down.filter((o) => o.status === 503 && o.target.startsWith('POST')).length, JSON.stringify(counts)).toBeGreaterThan(0);
    expect(summary.pageBackMs, 'a page is 200 soon after the database is back').toBeLessThan(RECOVERY_BOUND_MS);
    expect(summary.everyTargetBackMs, 'every target is 200/201 soon after the database is back').toBeLessThan(RECOVERY_BOUND_MS);
    expect(Math.max(...late), 'no 503 begins long after a visitor has been served again').toBeLessThanOrEqual(SETTLE_BOUND_MS);
    // The last answers, after both processes served pages again: all successes.
    const tail = after.filter((o) => o.start > at.end - 1500);
    expect(tail.length).toBeGreaterThan(0);
    expect(show(tail.filter((o) => o.kind !== 'ok')), 'answers at the end').toEqual([]);
    for (const app of apps) expect(app.child.exitCode, 'the app processes stayed up').toBeNull();
  });

  test('the processes logged the database, not the media, as what was down', () => {
    for (const [i, app] of apps.entries()) {
      const named = dependenciesLogged(app.log);
      expect(named.database ?? 0, `process ${i + 1}: ${JSON.stringify(named)}`).toBeGreaterThan(0);
      expect(Object.keys(named), `process ${i + 1}: ${JSON.stringify(named)}`).toEqual(['database']);
    }
  });
});
