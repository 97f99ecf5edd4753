/**
 * Cache misses at high concurrency against a running server, for deploy/README.md's "Memory and
 * sizing": every request is a page nobody asked for before (listing, category, list and search
 * pages, in English and Amharic, with a unique extra parameter), so each one renders. It samples
 * the server's resident memory while it runs and reports answers by status, how many were shed
 * (503), timeouts and latencies.
 *
 *   node bench/overload.mjs --url http://127.0.0.1:4700 --pid <server pid> [--connections 100] [--seconds 10]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:4700' },
    pid: { type: 'string' },
    connections: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    timeout: { type: 'string', default: '10' },
  },
});

const PAGES = [
  (n) => `/listings/${1 + (n % 180)}`,
  (n) => `/search?query=${['coffee', 'shoes', 'phone', 'cake', 'ቡና', 'hotel', 'laptop', 'dress'][n % 8]}`,
  (n) => `/${['men_fashions', 'Jewelries', 'homes', 'home-appliances', 'Art_And_Handicrafts'][n % 5]}?page=${1 + (n % 3)}`,
  (n) => `/categories/${['food', 'beauty', 'cafes', 'clothing', 'electronics', 'services'][n % 6]}`,
  () => '/recents',
  () => '/discounts',
];

let counter = 0;
/** A page path never asked for before (its own `r=` parameter), one in four in Amharic. */
function nextPath() {
  const n = counter++;
  const page = PAGES[n % PAGES.length](Math.floor(n / PAGES.length));
  const language = n % 4 === 3 ? '/am' : '';
  return `${language}${page}${page.includes('?') ? '&' : '?'}r=${n}-${process.pid}`;
}

function residentBytes(pid) {
  if (!pid) return undefined;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = /VmRSS:\s+(\d+)/.exec(status);
  return rss ? Number(rss[1]) * 1024 : undefined;
}

const before = residentBytes(values.pid);
let peak = before ?? 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, residentBytes(values.pid) ?? 0);
}, 100);

const statuses = {};
let shedTimes = [];
const instance = autocannon({
  url: values.url,
  connections: Number(values.connections),
  duration: Number(values.seconds),
  timeout: Number(values.timeout),
  headers: { 'accept-encoding': 'br, gzip' },
  requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  if (statusCode === 503) shedTimes.push(responseTime);
});
const result = await instance;
clearInterval(sampler);
const after = residentBytes(values.pid);
shedTimes = shedTimes.sort((a, b) => a - b);
const mb = (bytes) => (bytes === undefined ? undefined : Math.round(bytes / 1024 / 1024));
console.log(
  JSON.stringify(
    {
      connections: Number(values.connections),
      seconds: Number(values.seconds),
      requests: result.requests.total,
      rps: result.requests.average,
      statuses,
      shed503: statuses[503] ?? 0,
      shedP99Ms: shedTimes.length ? shedTimes[Math.floor(shedTimes.length * 0.99)] : undefined,
      timeouts: result.timeouts,
      errors: result.errors,
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      rssMb: { before: mb(before), peak: mb(peak), after: mb(after) },
    },
    null,
    2,
  ),
);
