/**
 * `npm run bench:ab`: two builds side by side, every request a miss, measured in turn. On a shared
 * 2-core machine one run after the other drifts by ±20 % over minutes (BENCHMARKS.md, issue 31,
 * sixth session), more than most changes; here both servers run at once on copies of one seeded
 * catalogue (PGlite), and short passes alternate between them (A B, then B A, …), so the drift
 * falls on both alike. What is compared is each server process's own CPU time per request (all its
 * threads: compression too), besides its requests a second.
 *
 *   AB_A=/tmp/wt-before AB_B=. npm run bench:ab
 *
 * Environment: AB_A, AB_B (built checkouts; B defaults to this one), AB_PAGES=category,deal,search,
 * AB_ROUNDS=6, AB_SECONDS=3, AB_LISTINGS=1000, AB_DATA (where the seeded catalogue is kept between
 * runs; default bench/results/tmp/ab-<n>).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measure, warm } from './load.mjs';
import { seedCatalogue } from './seed.mjs';
import { ROOT, startApp } from './server.mjs';

const env = process.env;
const n = Number(env.AB_LISTINGS ?? 1000);
const data = path.resolve(env.AB_DATA ?? path.join(ROOT, `bench/results/tmp/ab-${n}`));
const roots = { A: env.AB_A, B: env.AB_B ?? ROOT };
if (!roots.A) {
  console.error('AB_A: the checkout to compare with (built), e.g. a worktree of the commit before');
  process.exit(2);
}
const pages = (env.AB_PAGES ?? 'category,deal,search').split(',');
const rounds = Number(env.AB_ROUNDS ?? 6);
const seconds = Number(env.AB_SECONDS ?? 3);

const seedFile = path.join(data, 'samples.json');
if (!existsSync(seedFile)) {
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const seed = await seedCatalogue({ n, dataDir: data, log: console.log });
  writeFileSync(seedFile, JSON.stringify(seed.samples));
}
const samples = JSON.parse(readFileSync(seedFile, 'utf8'));
const paths = {
  category: ['/homes', '/homes?page=2'],
  deal: samples,
  search: ['coffee', 'bole', 'wedding', 'solar'].map((t) => `/search?query=${t}`),
};

/** The CPU time (user and system, every thread) a process has used, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const apps = {};
let port = Number(env.BENCH_PORT ?? 4381) + 40;
try {
  for (const [name, root] of Object.entries(roots)) {
    const dir = path.join(path.dirname(data), `ab-run-${name}`);
    rmSync(dir, { recursive: true, force: true });
    cpSync(data, dir, { recursive: true });
    apps[name] = await startApp({ port: port++, dataDir: dir, appRoot: path.resolve(root), logFile: `${dir}.log` });
  }
  for (const app of Object.values(apps))
    for (const page of pages) await warm({ origin: app.origin, paths: paths[page], connections: 10, durationSec: 2, unique: true });
  const totals = {};
  for (let round = 0; round < rounds; round++)
    for (const page of pages)
      for (const name of round % 2 ? ['B', 'A'] : ['A', 'B']) {
        const app = apps[name];
        const before = cpuMs(app.pid);
        const result = await measure({ origin: app.origin, paths: paths[page], connections: 10, durationSec: seconds, unique: true });
        const total = (totals[`${page} ${name}`] ??= { requests: 0, cpuMs: 0, rps: [] });
        total.requests += result.requests;
        total.cpuMs += cpuMs(app.pid) - before;
        total.rps.push(result.rps);
      }
  console.log(`A = ${roots.A}, B = ${roots.B}; ${n} listings, PGlite, ${rounds} rounds of ${seconds} s a page type`);
  for (const page of pages) {
    const [a, b] = ['A', 'B'].map((name) => totals[`${page} ${name}`]);
    const perRequest = (t) => t.cpuMs / t.requests;
    const median = (t) => [...t.rps].sort((x, y) => x - y)[t.rps.length >> 1];
    const change = ((perRequest(b) / perRequest(a) - 1) * 100).toFixed(1);
    console.log(
      `${page.padEnd(9)} CPU a miss: A ${perRequest(a).toFixed(2)} ms, B ${perRequest(b).toFixed(2)} ms (${change} %); req/s (median): A ${median(a)}, B ${median(b)}`,
    );
  }
} finally {
  for (const app of Object.values(apps)) await app.stop();
}
