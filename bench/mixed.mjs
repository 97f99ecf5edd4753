/**
 * A marketplace's real traffic (issue 31): visitors reading many pages while others write.
 *
 * Reads, from `connections` keep-alive connections (autocannon), each request drawn from this mix:
 * - 50 % a deal's page, Zipf (s = 1) over every verified listing of the catalogue: a few deals are
 *   shared on Telegram and read by many, most are read now and then;
 * - 20 % a category's page, Zipf over the categories, page 1 (70 %) or 2–5;
 * - 12 % a search, Zipf over realistic queries (bench/queries.mjs: Ge'ez, Latin-typed Amharic,
 *   English, misspellings);
 * - 10 % home (`/`, or `/am/` for one visitor in three);
 * - 8 % `/recents`, where the buy/sell messages are;
 * and one request in six arrives from a shared link with `utm_source=telegram` or `fbclid=…`.
 * 10 % of requests are signed-in visitors (real sessions, made by the seed: bench/seed.mjs).
 *
 * Writes, at `writesPerSecond`, by signed-in visitors, in turn: a buy/sell message, a like of a
 * message, a comment on a deal, a save, a report of a deal. Each must succeed as a visitor's would
 * (per-account limits are scaled by RATE_LIMIT_SCALE: the benchmark has 50 accounts, a city has
 * thousands); refused writes are counted apart.
 *
 * Reported: requests a second, the page cache's hit rate (X-Page-Cache) over visitors who are not
 * signed in and over all, latency percentiles, errors, writes done and refused, and the process's
 * peak RSS (sampled every 100 ms from /proc).
 */
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { REALISTIC_QUERIES } from './queries.mjs';
import { ACCEPT_ENCODING } from './load.mjs';

/** A seeded pseudo-random source (the mix is the same run after run). */
export function randomSource(seed = 31) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 0…n-1 with probability ∝ 1/(rank+1)^s, by binary search over the cumulative weights. */
export function zipf(n, s = 1, next = Math.random) {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) cumulative[i] = total += 1 / (i + 1) ** s;
  return () => {
    const x = next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export const MIX = [
  ['deal', 0.5],
  ['category', 0.2],
  ['search', 0.12],
  ['home', 0.1],
  ['recents', 0.08],
];

/** The page picker of the mix: a function returning `{ kind, path }`. */
export function pagePicker({
  listingPaths,
  categoryPaths,
  queries = REALISTIC_QUERIES,
  next = randomSource(),
  popularity = randomSource(),
}) {
  // Which deals are popular is the catalogue's (shuffled from `popularity`, not the id order), the
  // same in every run: a deal shared on Telegram stays read for hours, not for one 20 s run.
  const deals = [...listingPaths];
  for (let i = deals.length - 1; i > 0; i--) {
    const j = Math.floor(popularity() * (i + 1));
    [deals[i], deals[j]] = [deals[j], deals[i]];
  }
  const deal = zipf(deals.length, 1, next);
  const category = zipf(categoryPaths.length, 1, next);
  const query = zipf(queries.length, 1, next);
  const shared = (path) => {
    const r = next();
    if (r >= 1 / 6) return path;
    const tracking = r < 1 / 12 ? 'utm_source=telegram&utm_medium=social' : `fbclid=IwAR${Math.floor(next() * 1e9)}`;
    return `${path}${path.includes('?') ? '&' : '?'}${tracking}`;
  };
  return () => {
    let x = next();
    let kind = MIX[MIX.length - 1][0];
    for (const [name, share] of MIX) {
      if (x < share) {
        kind = name;
        break;
      }
      x -= share;
    }
    switch (kind) {
      case 'deal':
        return { kind, path: shared(deals[deal()]) };
      case 'category': {
        const r = next();
        const page = r < 0.7 ? 1 : 2 + Math.floor(next() * 4);
        const path = categoryPaths[category()];
        return { kind, path: shared(page === 1 ? path : `${path}?page=${page}`) };
      }
      case 'search':
        return { kind, path: `/search?query=${encodeURIComponent(queries[query()])}` };
      case 'home':
        return { kind, path: shared(next() < 1 / 3 ? '/am/' : '/') };
      default:
        return { kind, path: '/recents' };
    }
  };
}

/** Counts of one run, summed into rates (pure: tested). */
export function summary(counts) {
  const signedOut = counts.hit + counts.miss;
  return {
    hitRate: signedOut ? round(counts.hit / signedOut) : null,
    hitRateAll: counts.total ? round(counts.hit / counts.total) : null,
    /** Signed-in visitors' pages filled from a shared copy instead of rendered (issue 31). */
    signedInFilledRate: counts.signedIn ? round((counts.signedInFilled ?? 0) / counts.signedIn) : null,
  };
}

const round = (n) => Math.round(n * 1000) / 1000;

async function rssOf(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The CPU time `pid` has used (user and system, every thread: the main thread and the pool), in seconds. */
async function cpuSecondsOf(pid) {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Samples the RSS of `pid` every 100 ms until stopped: its peak in MB. */
export function sampleRss(pid) {
  let peak = 0;
  const timer = setInterval(async () => {
    peak = Math.max(peak, await rssOf(pid));
  }, 100);
  return {
    now: async () => Math.round((await rssOf(pid)) / 2 ** 20),
    stop: () => {
      clearInterval(timer);
      return Math.round(peak / 2 ** 20);
    },
  };
}

/** The five kinds of writes, each a POST as the site's forms and API make it. */
function writers({ origin, sessions, listingIds, next }) {
  const headers = (cookie, extra = {}) => ({ Origin: origin, cookie, ...extra });
  let turn = 0;
  const anyListing = () => listingIds[Math.floor(next() * listingIds.length)];
  const someone = () => sessions[Math.floor(next() * sessions.length)];
  const form = (body) => new URLSearchParams(body).toString();
  const formHeaders = (cookie) => headers(cookie, { 'content-type': 'application/x-www-form-urlencoded' });
  let requestIds = [];
  const kinds = [
    async (cookie) =>
      fetch(`${origin}/api/cat`, {
        method: 'POST',
        headers: formHeaders(cookie),
        body: form({ name: 'Bench', message: `Looking for a second-hand fridge near Bole ${turn}` }),
        redirect: 'manual',
      }),
    async (cookie) => {
      if (requestIds.length === 0 || next() < 0.1) {
        const list = await (await fetch(`${origin}/api/cat`, { headers: { cookie } })).json();
        requestIds = list.map((r) => r.id);
      }
      const id = requestIds[Math.floor(next() * requestIds.length)];
      return fetch(`${origin}/api/requests/${id}/like`, { method: 'POST', headers: formHeaders(cookie), body: '', redirect: 'manual' });
    },
    async (cookie) =>
      fetch(`${origin}/api/cat`, {
        method: 'POST',
        headers: headers(cookie, { 'content-type': 'application/json' }),
        body: JSON.stringify({ product_id: anyListing(), image_id: 'photo', comment: 'Is this still available?' }),
      }),
    async (cookie) => {
      const id = anyListing();
      return fetch(`${origin}/saved`, {
        method: 'POST',
        headers: formHeaders(cookie),
        body: form({ action: 'toggle', listingId: String(id), back: '/' }),
        redirect: 'manual',
      });
    },
    async (cookie) => {
      const id = anyListing();
      return fetch(`${origin}/report?kind=listing&id=${id}`, {
        method: 'POST',
        headers: formHeaders(cookie),
        body: form({ kind: 'listing', id: String(id), reason: 'wrong_category', details: '' }),
        redirect: 'manual',
      });
    },
  ];
  const names = ['message', 'like', 'comment', 'save', 'report'];
  return async () => {
    const k = turn++ % kinds.length;
    const response = await kinds[k](someone());
    await response.arrayBuffer().catch(() => undefined);
    const ok =
      response.status < 300 ||
      (response.status === 303 &&
        !/[?&](request|like|comment)=(failed|blank|slow|signin|phone)|\/login/.test(response.headers.get('location') ?? ''));
    return { kind: names[k], ok, status: response.status };
  };
}

/**
 * One run of the mix at `writesPerSecond` for `durationSec`; `pid` is the app process (its RSS).
 * @returns the measurements of that run
 */
export async function runMixed({
  origin,
  pid,
  listingPaths,
  listingIds,
  categoryPaths,
  sessions,
  connections,
  durationSec,
  writesPerSecond,
}) {
  const next = randomSource(31 + writesPerSecond);
  const pick = pagePicker({ listingPaths, categoryPaths, next });
  const counts = { total: 0, hit: 0, miss: 0, signedIn: 0, signedInFilled: 0, other: 0, byKind: {}, missByKind: {} };
  const writes = { done: 0, refused: 0, failed: 0, statuses: {} };
  const write = writers({ origin, sessions: sessions.map((s) => s.cookie), listingIds, next });
  const rss = sampleRss(pid);
  const idleRssMB = await rss.now();

  let writing = true;
  const writeLoop = (async () => {
    if (writesPerSecond <= 0) return;
    const gap = 1000 / writesPerSecond;
    let due = performance.now();
    const running = new Set();
    while (writing) {
      const task = write()
        .then((result) => {
          writes.statuses[`${result.kind} ${result.status}`] = (writes.statuses[`${result.kind} ${result.status}`] ?? 0) + 1;
          if (result.ok) writes.done++;
          else writes.refused++;
        })
        .catch(() => writes.failed++)
        .finally(() => running.delete(task));
      running.add(task);
      due += gap;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
    await Promise.all(running);
  })();

  const cpuBefore = await cpuSecondsOf(pid);
  const started = performance.now();
  const result = await autocannon({
    url: origin,
    connections,
    duration: durationSec,
    timeout: 10,
    headers: { 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html', 'user-agent': 'sefer-bench' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context) => {
          const { kind, path } = pick();
          context.kind = kind;
          context.signedIn = next() < 0.1;
          const headers = { ...request.headers };
          if (context.signedIn) headers.cookie = sessions[Math.floor(next() * sessions.length)].cookie;
          return { ...request, path, headers };
        },
        onResponse: (status, _body, context, headers) => {
          counts.total++;
          counts.byKind[context.kind] = (counts.byKind[context.kind] ?? 0) + 1;
          const cache = headers['x-page-cache'] ?? headers['X-Page-Cache'];
          if (context.signedIn) {
            counts.signedIn++;
            // A signed-in visitor's page from the copy they all share, with their own parts put in.
            if (cache === 'filled') counts.signedInFilled++;
          } else if (cache === 'hit') counts.hit++;
          else if (cache === 'miss') {
            counts.miss++;
            counts.missByKind[context.kind] = (counts.missByKind[context.kind] ?? 0) + 1;
          } else counts.other++;
        },
      },
    ],
  });
  writing = false;
  await writeLoop;
  const peakRssMB = rss.stop();
  // How many of the machine's cores the app used: above 1, its thread pool (compression, files) ran beside the main thread.
  const appCores = round((await cpuSecondsOf(pid)) - cpuBefore) / ((performance.now() - started) / 1000);
  return {
    writesPerSecond,
    appCores: Math.round(appCores * 100) / 100,
    connections,
    durationSec,
    rps: Math.round(result.requests.average * 10) / 10,
    requests: result.requests.total,
    ...summary(counts),
    counts,
    latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    writes,
    idleRssMB,
    peakRssMB,
  };
}

/**
 * Memory: the idle process, then `connections` connections of cache misses (every request a page
 * nobody asked for before: a search, a category page or a deal with a parameter of its own) for
 * `durationSec`: its peak RSS, timeouts, and how many were shed (503).
 */
export async function runMemory({ origin, pid, listingPaths, categoryPaths, connections = 100, durationSec = 10 }) {
  const rss = sampleRss(pid);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const idleRssMB = await rss.now();
  let n = 0;
  const statuses = {};
  const result = await autocannon({
    url: origin,
    connections,
    duration: durationSec,
    timeout: 10,
    headers: { 'accept-encoding': ACCEPT_ENCODING, accept: 'text/html', 'user-agent': 'sefer-bench' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = n++;
          const kinds = [
            () => `/search?query=${encodeURIComponent(REALISTIC_QUERIES[i % REALISTIC_QUERIES.length])}&n=${i}`,
            () => `${categoryPaths[i % categoryPaths.length]}?page=${1 + (i % 3)}&n=${i}`,
            () => `${listingPaths[(i * 7919) % listingPaths.length]}?n=${i}`,
          ];
          return { ...request, path: kinds[i % 3]() };
        },
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  const peakRssMB = rss.stop();
  return {
    connections,
    durationSec,
    idleRssMB,
    peakRssMB,
    rps: Math.round(result.requests.average * 10) / 10,
    statuses,
    timeouts: result.timeouts,
    errors: result.errors,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
  };
}

/** The mixed and memory passes of a report's runs, as Markdown tables. */
export function renderMixed(runs) {
  const lines = [
    '| backend | listings | writes/s | req/s | hit rate (signed out) | hit rate (all) | p50 ms | p99 ms | writes done / refused | timeouts | peak RSS MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs)
    for (const m of run.mixed?.runs ?? [])
      lines.push(
        `| ${run.backend} | ${run.n.toLocaleString('en-US')} | ${m.writesPerSecond} | ${m.rps} | ${m.hitRate} | ${m.hitRateAll} | ${m.latencyMs.p50} | ${m.latencyMs.p99} | ${m.writes.done} / ${m.writes.refused} | ${m.timeouts} | ${m.peakRssMB} |`,
      );
  lines.push(
    '',
    '| backend | listings | idle RSS MB | peak RSS MB (100 connections of misses) | answers | timeouts |',
    '|---|---|---|---|---|---|',
  );
  for (const run of runs) {
    const m = run.mixed?.memory;
    if (m)
      lines.push(
        `| ${run.backend} | ${run.n.toLocaleString('en-US')} | ${m.idleRssMB} | ${m.peakRssMB} | ${JSON.stringify(m.statuses)} | ${m.timeouts} |`,
      );
  }
  return lines.join('\n');
}
